import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brands } from '../brands/registry.ts';
import { validateBrandRegistry } from '../brands/registry-validation.ts';
import { checkOfferCaps, type OfferCapsInput } from './caps.ts';
import { publishedCapsConfigAt, publishedRegulatoryFigures } from './regulatory-figures.data.ts';
import {
  type CapsBasis,
  capsBasisOn,
  capsConfigAt,
  capsConfigOfBasis,
  figureInForce,
  localDate,
  mergeRegulatoryFigures,
  missingPeriodWarning,
  parseRegulatoryFigureTable,
  type RegulatedCountry,
  type RegulatoryFigurePeriod,
  regulatoryFigurePeriodSchema,
  strictCapsConfig,
} from './regulatory-figures.ts';

// Issue 17: the figure of the offer's calendar day, the strict bound for a missing period, a stored basis.

const halfYear = (year: number, half: 1 | 2) =>
  half === 1
    ? { validFrom: `${year}-01-01`, validTo: `${year}-06-30` }
    : { validFrom: `${year}-07-01`, validTo: `${year}-12-31` };

const referenceRate = (country: RegulatedCountry, year: number, half: 1 | 2, value: number) =>
  ({
    country,
    figure: 'referenceRate',
    value,
    ...halfYear(year, half),
    source: 'test notice of the central bank',
  }) satisfies RegulatoryFigurePeriod;

const priceBaseAmount = (year: number, value: number) =>
  ({
    country: 'SE',
    figure: 'priceBaseAmount',
    value,
    validFrom: `${year}-01-01`,
    validTo: `${year}-12-31`,
    source: 'test notice of the government',
  }) satisfies RegulatoryFigurePeriod;

/**
 * The instant of a wall-clock time in the country. EU summer time is in force at the end of June (SE
 * UTC+2, FI UTC+3) and not around New Year (SE UTC+1, FI UTC+2); the test checks itself with localDate.
 */
function localInstant(
  country: RegulatedCountry,
  date: string,
  hour: number,
  minute: number,
  millis: number,
): Date {
  const summer = date.slice(5, 7) >= '04' && date.slice(5, 7) <= '09';
  const offsetHours = (country === 'SE' ? 1 : 2) + (summer ? 1 : 0);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour - offsetHours, minute, 0, millis));
}

const countryArbitrary = fc.constantFrom<RegulatedCountry>('SE', 'FI');
const rateArbitrary = fc.integer({ min: 0, max: 20 }).map((halfPoints) => halfPoints / 2);

describe('the published table', () => {
  it('parses, names a source for every row, and holds one row per period', () => {
    expect(publishedRegulatoryFigures.length).toBeGreaterThan(0);
    for (const period of publishedRegulatoryFigures) {
      expect(regulatoryFigurePeriodSchema.parse(period)).toEqual(period);
    }
  });

  it('gives the 1 Jan – 30 Jun 2025 caps on a day of that half-year', () => {
    expect(publishedCapsConfigAt(new Date('2025-03-15T12:00:00Z'))).toEqual({
      sweden: { referenceRatePercent: 3, startupFeeCap: 588 },
      finland: { referenceRatePercent: 3.5 },
    });
  });

  it('changes the Finnish figure at midnight in Helsinki, not in UTC (31 Dec 2024 → 1 Jan 2025)', () => {
    const before = localInstant('FI', '2024-12-31', 23, 59, 59_999);
    const after = localInstant('FI', '2025-01-01', 0, 0, 0);
    expect(localDate(before, 'Europe/Helsinki')).toBe('2024-12-31');
    expect(localDate(after, 'Europe/Helsinki')).toBe('2025-01-01');
    expect(figureInForce(publishedRegulatoryFigures, 'FI', 'referenceRate', before).value).toBe(4.5);
    expect(figureInForce(publishedRegulatoryFigures, 'FI', 'referenceRate', after).value).toBe(3.5);
  });
});

describe('the calendar day in a Nordic zone', () => {
  const zoneRules = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      instant,
    );
  const zones = ['Europe/Stockholm', 'Europe/Helsinki', 'Europe/Oslo', 'Europe/Copenhagen'];

  it("is the zone's day at any instant (the clock's shortcut outside 21:00–23:00 UTC agrees with the zone's rules)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2060-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          expect(localDate(instant, zone)).toBe(zoneRules(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('around midnight of the periods’ first days, where a day off would pick the wrong figure', () => {
    for (const zone of zones) {
      for (const day of ['2025-12-31', '2026-06-30', '2026-03-29', '2026-10-25']) {
        for (let minutes = 20 * 60; minutes < 26 * 60; minutes += 7) {
          const instant = new Date(new Date(`${day}T00:00:00Z`).getTime() + minutes * 60_000);
          expect(localDate(instant, zone), `${zone} ${instant.toISOString()}`).toBe(zoneRules(instant, zone));
        }
      }
    }
  });
});

describe('the schema', () => {
  const good = referenceRate('SE', 2026, 2, 2);
  const problems = (row: unknown) => {
    const result = regulatoryFigurePeriodSchema.safeParse(row);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('takes a half-year reference rate in half points and a calendar-year price base amount', () => {
    expect(problems(good)).toEqual([]);
    expect(problems(priceBaseAmount(2026, 59_200))).toEqual([]);
  });

  it('refuses periods other than the statutory one, rates off the half point, and figures a country has not', () => {
    expect(problems({ ...good, validTo: '2026-12-30' })).toEqual(['validTo']);
    expect(problems({ ...good, validFrom: '2026-08-01', validTo: '2027-01-31' })).toEqual(['validTo']);
    expect(problems({ ...good, value: 2.25 })).toEqual(['value']);
    expect(problems({ ...priceBaseAmount(2026, 59_250) })).toEqual(['value']);
    expect(problems({ ...priceBaseAmount(2026, 59_200), country: 'FI' })).toEqual(['figure']);
    expect(problems({ ...good, validFrom: '2026-02-30' })).toContain('validFrom');
    expect(problems({ ...good, source: '' })).toEqual(['source']);
  });

  it('refuses a table with two rows for one period', () => {
    expect(() => parseRegulatoryFigureTable([good, { ...good, value: 2.5 }], 'test')).toThrow(
      /a second row for SE:referenceRate:2026-07-01/,
    );
  });
});

describe('merging the file with the stored periods', () => {
  const file = [referenceRate('SE', 2026, 1, 2)];
  it('adds new periods and accepts the same value twice', () => {
    const added = [referenceRate('SE', 2026, 2, 2), referenceRate('SE', 2026, 1, 2)];
    expect(mergeRegulatoryFigures(file, added).map((period) => period.validFrom)).toEqual([
      '2026-01-01',
      '2026-07-01',
    ]);
  });
  it('refuses two values for one period', () => {
    expect(() => mergeRegulatoryFigures(file, [referenceRate('SE', 2026, 1, 2.5)])).toThrow(
      /the file says 2, the database 2.5/,
    );
  });
});

describe('period boundaries (properties)', () => {
  it('an offer at 23:59 on 30 June uses the first half-year, one at 00:00 on 1 July the second (local time)', () => {
    fc.assert(
      fc.property(
        countryArbitrary,
        fc.integer({ min: 2025, max: 2045 }),
        rateArbitrary,
        rateArbitrary,
        fc.integer({ min: 0, max: 59_999 }),
        (country, year, first, second, millis) => {
          const periods = [referenceRate(country, year, 1, first), referenceRate(country, year, 2, second)];
          const before = localInstant(country, `${year}-06-30`, 23, 59, millis);
          const after = localInstant(country, `${year}-07-01`, 0, 0, millis);
          const zone = country === 'SE' ? 'Europe/Stockholm' : 'Europe/Helsinki';
          expect(localDate(before, zone)).toBe(`${year}-06-30`);
          expect(localDate(after, zone)).toBe(`${year}-07-01`);
          expect(capsBasisOn(periods, country, before).basis.figures[0]).toMatchObject({
            value: first,
            fallback: false,
            validTo: `${year}-06-30`,
          });
          expect(capsBasisOn(periods, country, after).basis.figures[0]).toMatchObject({
            value: second,
            fallback: false,
            validFrom: `${year}-07-01`,
          });
          const key = country === 'SE' ? 'sweden' : 'finland';
          expect(capsConfigAt(periods, before)[key].referenceRatePercent).toBe(first);
          expect(capsConfigAt(periods, after)[key].referenceRatePercent).toBe(second);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the price base amount changes at midnight on 1 January in Stockholm', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2025, max: 2045 }),
        fc.integer({ min: 400, max: 800 }),
        fc.integer({ min: 400, max: 800 }),
        (year, first, second) => {
          const periods = [priceBaseAmount(year, first * 100), priceBaseAmount(year + 1, second * 100)];
          const before = localInstant('SE', `${year}-12-31`, 23, 59, 59_999);
          const after = localInstant('SE', `${year + 1}-01-01`, 0, 0, 0);
          expect(capsConfigAt(periods, before).sweden.startupFeeCap).toBe(first);
          expect(capsConfigAt(periods, after).sweden.startupFeeCap).toBe(second);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a missing period (properties)', () => {
  // Any subset of half-years 2025–2030 published, for both countries, plus some price base amounts.
  const tableArbitrary = fc
    .record({
      se: fc.array(
        fc.tuple(fc.integer({ min: 2025, max: 2030 }), fc.constantFrom<1 | 2>(1, 2), rateArbitrary),
      ),
      fi: fc.array(
        fc.tuple(fc.integer({ min: 2025, max: 2030 }), fc.constantFrom<1 | 2>(1, 2), rateArbitrary),
      ),
      pbb: fc.array(fc.tuple(fc.integer({ min: 2025, max: 2030 }), fc.integer({ min: 500, max: 700 }))),
    })
    .map(({ se, fi, pbb }) => {
      const rows: RegulatoryFigurePeriod[] = [];
      const seen = new Set<string>();
      const push = (row: RegulatoryFigurePeriod) => {
        const key = `${row.country}${row.figure}${row.validFrom}`;
        if (!seen.has(key)) rows.push(row);
        seen.add(key);
      };
      for (const [year, half, value] of se) push(referenceRate('SE', year, half, value));
      for (const [year, half, value] of fi) push(referenceRate('FI', year, half, value));
      for (const [year, hundreds] of pbb) push(priceBaseAmount(year, hundreds * 100));
      return rows;
    });
  const instantArbitrary = fc.date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2030-12-31T20:00:00Z'),
    noInvalidDate: true,
  });

  it('applies the strictest bound exactly when no period covers the day, and says so', () => {
    fc.assert(
      fc.property(tableArbitrary, instantArbitrary, countryArbitrary, (periods, instant, country) => {
        const { basis, capsConfig } = capsBasisOn(periods, country, instant);
        const date = localDate(instant, country === 'SE' ? 'Europe/Stockholm' : 'Europe/Helsinki');
        for (const figure of basis.figures) {
          const covering = periods.find(
            (period) =>
              period.country === country &&
              period.figure === figure.figure &&
              period.validFrom <= date &&
              date <= period.validTo,
          );
          expect(figure.fallback).toBe(covering === undefined);
          expect(figure.date).toBe(date);
          if (covering) expect(figure.value).toBe(covering.value);
          else expect(figure.source).toBeNull();
        }
        expect(basis.fallback).toBe(basis.figures.some((figure) => figure.fallback));
        const rate = basis.figures.find((figure) => figure.figure === 'referenceRate')!;
        if (country === 'SE') {
          if (rate.fallback) expect(capsConfig.sweden.referenceRatePercent).toBe(0);
          const pbb = basis.figures.find((figure) => figure.figure === 'priceBaseAmount')!;
          if (pbb.fallback) {
            const known = periods.filter((period) => period.figure === 'priceBaseAmount');
            const lowestCap = known.length === 0 ? 0 : Math.min(...known.map((period) => period.value)) / 100;
            expect(capsConfig.sweden.startupFeeCap).toBe(lowestCap);
          }
        } else if (rate.fallback) {
          expect(capsConfig.finland.referenceRatePercent).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('with the fallback, Sweden caps the nominal rate at 20 % and Finland at 15 %', () => {
    const offer = (country: RegulatedCountry, nominalRate: number): OfferCapsInput => ({
      country,
      product: 'UnsecuredLoan',
      amount: 100_000,
      durationMonths: 60,
      nominalRate,
      effectiveRate: nominalRate,
      totalCost: 1_000,
      startupFee: 0,
      monthlyFee: 0,
      isRefinancing: false,
    });
    fc.assert(
      fc.property(countryArbitrary, fc.double({ min: 0, max: 30, noNaN: true }), (country, nominalRate) => {
        const { basis, capsConfig } = capsBasisOn([], country, new Date('2026-11-24T10:00:00Z'));
        expect(basis.fallback).toBe(true);
        const bound = country === 'SE' ? 20 : 15;
        expect(checkOfferCaps(offer(country, nominalRate), capsConfig).ok).toBe(nominalRate <= bound);
      }),
    );
  });

  it('names the missing period in the warning', () => {
    const figure = figureInForce([], 'SE', 'referenceRate', new Date('2026-11-24T10:00:00Z'));
    expect(missingPeriodWarning(figure)).toBe(
      'SE reference rate: no figure for 2026-07-01 – 2026-12-31; applying the strict bound',
    );
  });
});

describe('a stored basis (property)', () => {
  it('keeps its caps after a new period is added for the same day', () => {
    fc.assert(
      fc.property(
        countryArbitrary,
        fc.date({
          min: new Date('2026-07-01T00:00:00Z'),
          max: new Date('2026-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        rateArbitrary.filter((value) => value > 0),
        (country, instant, published) => {
          const before = [referenceRate(country, 2026, 1, 2), priceBaseAmount(2026, 59_200)];
          const { basis, capsConfig } = capsBasisOn(before, country, instant);
          // Stored as JSON with the quote, then read back after the new period came in.
          const stored = JSON.parse(JSON.stringify(basis)) as CapsBasis;
          const after = [...before, referenceRate(country, 2026, 2, published)];
          expect(capsBasisOn(after, country, instant).basis.fallback).toBe(false);
          expect(stored.fallback).toBe(true);
          expect(capsConfigOfBasis(stored)).toEqual(capsConfigOfBasis(basis));
          const key = country === 'SE' ? 'sweden' : 'finland';
          expect(capsConfigOfBasis(stored)[key]).toEqual(capsConfig[key]);
          expect(capsConfigAt(after, instant)[key].referenceRatePercent).toBe(published);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('brand examples at start', () => {
  it('an example that breaks the strict bound in force is a start-up error, and passes with the published figure', () => {
    const seMain = brands['se-main'];
    const exampleRate = seMain.unsecuredLoan.exampleRate;
    // 21 % breaks "reference rate (taken as 0) + 20 points" but not "3 % + 20 points".
    // A 3-year default keeps the total cost under 100 % of the amount, so the rate is the only problem.
    const settings = seMain.unsecuredLoan;
    const dear = {
      ...seMain,
      unsecuredLoan: {
        ...settings,
        rates: { ...settings.rates, [exampleRate]: 21 },
        config: { ...settings.config, duration: { ...settings.config.duration, default: 3 } },
      },
    };
    const registry = { ...brands, 'se-main': dear };
    expect(() => validateBrandRegistry(registry, strictCapsConfig(publishedRegulatoryFigures))).toThrow(
      /se-main: unsecuredLoan \(representative example\): Nominal rate 21 % is above the Swedish cap of 20 %/,
    );
    expect(() =>
      validateBrandRegistry(registry, publishedCapsConfigAt(new Date('2025-03-01T12:00:00Z'))),
    ).not.toThrow();
  });

  it("every brand's example keeps the strict bound, so the product starts on a day with missing figures", () => {
    expect(() => validateBrandRegistry(brands, strictCapsConfig(publishedRegulatoryFigures))).not.toThrow();
  });
});
