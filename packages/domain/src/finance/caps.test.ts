import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countries, products } from '../enums.ts';
import {
  type CapsConfig,
  type CapViolationCode,
  capsConfigSchema,
  checkOfferCaps,
  isMarketableInDenmark,
  type OfferCapsInput,
} from './caps.ts';
import { calculateLoanCost, type FeeHandling } from './loan-math.ts';

// A fixed set of figures (those of 1 Jan – 30 Jun 2025): the dated figures are regulatory-figures.ts's concern.
const defaultCapsConfig: CapsConfig = {
  sweden: { referenceRatePercent: 3, startupFeeCap: 588 },
  finland: { referenceRatePercent: 3.5 },
};

function codes(offer: OfferCapsInput, config: CapsConfig = defaultCapsConfig): CapViolationCode[] {
  const result = checkOfferCaps(offer, config);
  return result.ok ? [] : result.violations.map((violation) => violation.code);
}

/** Builds a consistent offer from loan terms, as the offer pipeline would. */
function offerFrom(
  country: OfferCapsInput['country'],
  terms: {
    amount: number;
    years: number;
    rate: number;
    startupFee: number;
    monthlyFee: number;
    feeHandling?: FeeHandling;
  },
  extra: Partial<OfferCapsInput> = {},
): OfferCapsInput {
  const durationMonths = terms.years * 12;
  const cost = calculateLoanCost({
    amount: terms.amount,
    durationMonths,
    nominalRate: terms.rate,
    startupFee: terms.startupFee,
    monthlyFee: terms.monthlyFee,
    feeHandling: terms.feeHandling ?? 'financed',
  });
  return {
    country,
    product: 'UnsecuredLoan',
    amount: terms.amount,
    durationMonths,
    nominalRate: terms.rate,
    effectiveRate: cost.effectiveRate,
    totalCost: cost.totalCost,
    startupFee: terms.startupFee,
    monthlyFee: terms.monthlyFee,
    isRefinancing: false,
    ...extra,
  };
}

describe('caps config', () => {
  it('the fixture is valid config', () => {
    expect(capsConfigSchema.parse(defaultCapsConfig)).toEqual(defaultCapsConfig);
  });
});

describe('brand examples of spec §9', () => {
  it('Norway main brand (150,000, 5 y, 11.9 %, 950/30) passes', () => {
    expect(
      checkOfferCaps(
        offerFrom('NO', { amount: 150_000, years: 5, rate: 11.9, startupFee: 950, monthlyFee: 30 }),
        defaultCapsConfig,
      ),
    ).toEqual({
      ok: true,
    });
  });
  it('Sweden main brand (500,000, 15 y, 6.95 %, 495/0) passes', () => {
    expect(
      codes(offerFrom('SE', { amount: 500_000, years: 15, rate: 6.95, startupFee: 495, monthlyFee: 0 })),
    ).toEqual([]);
  });
});

describe('Norway — utlånsforskriften § 13', () => {
  const base = offerFrom('NO', { amount: 250_000, years: 12, rate: 12, startupFee: 7500, monthlyFee: 0 });
  it('refuses an unsecured loan over 5 years', () => {
    expect(codes(base)).toEqual(['NO_TERM_ABOVE_5_YEARS']);
    expect(codes({ ...base, durationMonths: 61 })).toEqual(['NO_TERM_ABOVE_5_YEARS']);
    expect(codes({ ...base, durationMonths: 60 })).toEqual([]);
  });
  it('allows it when refinancing', () => {
    expect(codes({ ...base, isRefinancing: true })).toEqual([]);
  });
  it('does not apply the term rule to credit cards or secured loans', () => {
    expect(codes({ ...base, product: 'CreditCard' })).toEqual([]);
    expect(codes({ ...base, product: 'SecuredLoan' })).toEqual([]);
  });
});

describe('Sweden', () => {
  const base = offerFrom('SE', { amount: 50_000, years: 5, rate: 12, startupFee: 495, monthlyFee: 0 });
  const config: CapsConfig = {
    ...defaultCapsConfig,
    sweden: { referenceRatePercent: 3, startupFeeCap: 588 },
  };
  it('caps the nominal rate at reference + 20 points', () => {
    expect(codes({ ...base, nominalRate: 23 }, config)).toEqual([]);
    expect(codes({ ...base, nominalRate: 23.01 }, config)).toEqual(['SE_NOMINAL_RATE_ABOVE_CAP']);
    expect(
      codes(
        { ...base, nominalRate: 23.01 },
        { ...config, sweden: { ...config.sweden, referenceRatePercent: 3.5 } },
      ),
    ).toEqual([]);
  });
  it('caps total cost at 100 % of the amount', () => {
    expect(codes({ ...base, totalCost: 50_000 }, config)).toEqual([]);
    expect(codes({ ...base, totalCost: 50_000.01 }, config)).toEqual(['SE_TOTAL_COST_ABOVE_AMOUNT']);
  });
  it('caps the startup fee from config (588 SEK)', () => {
    expect(codes({ ...base, startupFee: 588 }, config)).toEqual([]);
    expect(codes({ ...base, startupFee: 589 }, config)).toEqual(['SE_STARTUP_FEE_ABOVE_CAP']);
  });
  it('reports every broken cap with a readable message', () => {
    const result = checkOfferCaps({ ...base, nominalRate: 30, totalCost: 60_000, startupFee: 1000 }, config);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations.map((violation) => violation.code)).toEqual([
      'SE_NOMINAL_RATE_ABOVE_CAP',
      'SE_TOTAL_COST_ABOVE_AMOUNT',
      'SE_STARTUP_FEE_ABOVE_CAP',
    ]);
    expect(result.violations[0]?.message).toContain('23 %');
  });
});

describe('Finland', () => {
  const base = offerFrom('FI', { amount: 10_000, years: 5, rate: 10, startupFee: 0, monthlyFee: 0 });
  it('caps the nominal rate at 15 + reference, never above 20', () => {
    const at = (reference: number, nominalRate: number) =>
      codes({ ...base, nominalRate }, { ...defaultCapsConfig, finland: { referenceRatePercent: reference } });
    expect(at(3.5, 18.5)).toEqual([]);
    expect(at(3.5, 18.51)).toEqual(['FI_NOMINAL_RATE_ABOVE_CAP']);
    expect(at(6, 20)).toEqual([]);
    expect(at(6, 20.01)).toEqual(['FI_NOMINAL_RATE_ABOVE_CAP']);
  });
  it('caps other costs at 0.01 % of the amount per day (KKV: 2,000 € over 180 days → 36 €)', () => {
    // 6 months at 365/12 days = 182.5 days → 36.50 €.
    const short = { ...base, amount: 2000, durationMonths: 6, startupFee: 36.5, monthlyFee: 0 };
    expect(codes(short)).toEqual([]);
    expect(codes({ ...short, startupFee: 36.51 })).toEqual(['FI_OTHER_COSTS_ABOVE_DAILY_CAP']);
  });
  it('caps other costs at 150 € per year, first year holding the startup fee', () => {
    expect(codes({ ...base, startupFee: 90, monthlyFee: 5 })).toEqual([]);
    expect(codes({ ...base, startupFee: 91, monthlyFee: 5 })).toEqual(['FI_OTHER_COSTS_ABOVE_YEARLY_CAP']);
    expect(codes({ ...base, startupFee: 0, monthlyFee: 12.51 })).toEqual(['FI_OTHER_COSTS_ABOVE_YEARLY_CAP']);
  });
});

describe('Denmark', () => {
  const base = offerFrom('DK', { amount: 50_000, years: 5, rate: 10, startupFee: 0, monthlyFee: 0 });
  it('caps ÅOP at 35 % and total cost at 100 % of the amount', () => {
    expect(codes({ ...base, effectiveRate: 35 })).toEqual([]);
    expect(codes({ ...base, effectiveRate: 35.0001 })).toEqual(['DK_APR_ABOVE_CAP']);
    expect(codes({ ...base, totalCost: 50_001 })).toEqual(['DK_TOTAL_COST_ABOVE_AMOUNT']);
  });
  it('allows marketing only up to 25 % ÅOP', () => {
    expect(isMarketableInDenmark(25)).toBe(true);
    expect(isMarketableInDenmark(25.0001)).toBe(false);
    expect(isMarketableInDenmark(Number.NaN)).toBe(false);
  });
});

describe('broken figures', () => {
  it('are refused, never passed', () => {
    const base = offerFrom('DK', { amount: 50_000, years: 5, rate: 10, startupFee: 0, monthlyFee: 0 });
    expect(codes({ ...base, effectiveRate: Number.NaN })).toEqual(['INVALID_OFFER']);
    expect(codes({ ...base, amount: 0 })).toEqual(['INVALID_OFFER']);
    expect(codes({ ...base, monthlyFee: -1 })).toEqual(['INVALID_OFFER']);
  });
});

// ── Properties ───────────────────────────────────────────────────────────────────────────────────

const configArbitrary = fc.record<CapsConfig>({
  sweden: fc.record({
    referenceRatePercent: fc.double({ min: -1, max: 10, noNaN: true }),
    startupFeeCap: fc.double({ min: 0, max: 2000, noNaN: true }),
  }),
  finland: fc.record({ referenceRatePercent: fc.double({ min: -1, max: 10, noNaN: true }) }),
});

const offerArbitrary = fc.record<OfferCapsInput>({
  country: fc.constantFrom(...countries),
  product: fc.constantFrom(...products),
  amount: fc.double({ min: 100, max: 1e6, noNaN: true }),
  durationMonths: fc.integer({ min: 1, max: 360 }),
  nominalRate: fc.double({ min: 0, max: 40, noNaN: true }),
  effectiveRate: fc.double({ min: 0, max: 60, noNaN: true }),
  totalCost: fc.double({ min: 0, max: 2e6, noNaN: true }),
  startupFee: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 2000, noNaN: true })),
  monthlyFee: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 50, noNaN: true })),
  isRefinancing: fc.boolean(),
});

/** Every cap of regulation.md, written out independently of caps.ts. */
function satisfiesEveryCap(offer: OfferCapsInput, config: CapsConfig): boolean {
  switch (offer.country) {
    case 'NO':
      return offer.product !== 'UnsecuredLoan' || offer.isRefinancing || offer.durationMonths <= 5 * 12;
    case 'SE':
      return (
        offer.nominalRate <= config.sweden.referenceRatePercent + 20 &&
        offer.totalCost <= offer.amount &&
        offer.startupFee <= config.sweden.startupFeeCap
      );
    case 'FI': {
      const other = offer.startupFee + offer.monthlyFee * offer.durationMonths;
      return (
        offer.nominalRate <= 15 + config.finland.referenceRatePercent &&
        offer.nominalRate <= 20 &&
        other <= offer.amount * 0.0001 * offer.durationMonths * (365 / 12) &&
        offer.startupFee + offer.monthlyFee * Math.min(12, offer.durationMonths) <= 150
      );
    }
    case 'DK':
      return offer.effectiveRate <= 35 && offer.totalCost <= offer.amount;
  }
}

describe('cap properties', () => {
  it('an accepted offer satisfies every cap, and a refused one breaks at least one', () => {
    fc.assert(
      fc.property(offerArbitrary, configArbitrary, (offer, config) => {
        expect(checkOfferCaps(offer, config).ok).toBe(satisfiesEveryCap(offer, config));
      }),
      { numRuns: 2000 },
    );
  });

  it('raising the nominal rate (SE, FI) or ÅOP (DK) past the cap always produces a violation', () => {
    fc.assert(
      fc.property(
        offerArbitrary,
        configArbitrary,
        fc.constantFrom<OfferCapsInput['country']>('SE', 'FI', 'DK'),
        fc.double({ min: 1e-6, max: 50, noNaN: true }),
        (offer, config, country, excess) => {
          const rateCap =
            country === 'SE'
              ? config.sweden.referenceRatePercent + 20
              : Math.min(15 + config.finland.referenceRatePercent, 20);
          const raised: OfferCapsInput =
            country === 'DK'
              ? { ...offer, country, effectiveRate: 35 + excess }
              : { ...offer, country, nominalRate: rateCap + excess };
          const expected: CapViolationCode =
            country === 'SE'
              ? 'SE_NOMINAL_RATE_ABOVE_CAP'
              : country === 'FI'
                ? 'FI_NOMINAL_RATE_ABOVE_CAP'
                : 'DK_APR_ABOVE_CAP';
          expect(codes(raised, config)).toContain(expected);
        },
      ),
    );
  });

  it('a Norwegian unsecured loan past 5 years always fails unless refinancing', () => {
    fc.assert(
      fc.property(offerArbitrary, fc.integer({ min: 61, max: 600 }), (offer, durationMonths) => {
        const longLoan: OfferCapsInput = {
          ...offer,
          country: 'NO',
          product: 'UnsecuredLoan',
          durationMonths,
        };
        expect(codes({ ...longLoan, isRefinancing: false })).toEqual(['NO_TERM_ABOVE_5_YEARS']);
        expect(codes({ ...longLoan, isRefinancing: true })).toEqual([]);
      }),
    );
  });
});
