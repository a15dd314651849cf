import { z } from 'zod';
import type { Country } from '../enums.ts';
import {
  type CapsConfig,
  finlandAbsoluteMaxRatePercent,
  finlandRatePointsAboveReference,
  swedenRatePointsAboveReference,
} from './caps.ts';

// Dated regulatory figures (issue 17, docs/regulatory-figures.md, ADR 0019). The caps of regulation.md
// "Country rules" that move with the calendar read their figure from a table of periods, never from a
// constant: the figure in force on the quote's calendar day in the country (Europe/Stockholm,
// Europe/Helsinki). A day no period covers gets the strictest lawful bound, and says so.

/** Countries whose caps depend on a dated figure. */
export const regulatedCountries = ['SE', 'FI'] as const;
export const regulatedCountrySchema = /* @__PURE__ */ z.enum(regulatedCountries);
export type RegulatedCountry = z.infer<typeof regulatedCountrySchema>;

export const regulatoryFigureKinds = ['referenceRate', 'priceBaseAmount'] as const;
export const regulatoryFigureKindSchema = /* @__PURE__ */ z.enum(regulatoryFigureKinds);
export type RegulatoryFigureKind = z.infer<typeof regulatoryFigureKindSchema>;

/** The figures each country's caps need. */
export const figuresByCountry: Record<RegulatedCountry, readonly RegulatoryFigureKind[]> = {
  // räntelagen 9 § (reference rate); konsumentkreditlagen: startup fee ≤ 1 % of the prisbasbelopp.
  SE: ['referenceRate', 'priceBaseAmount'],
  // korkolaki 12 § (viitekorko).
  FI: ['referenceRate'],
};

/** The calendar a country's law counts its days in. */
export const countryTimeZones: Record<RegulatedCountry, string> = {
  SE: 'Europe/Stockholm',
  FI: 'Europe/Helsinki',
};

/** Each figure as a message names it. */
export const figureLabels: Record<RegulatoryFigureKind, string> = {
  referenceRate: 'reference rate',
  priceBaseAmount: 'price base amount',
};

export function isRegulatedCountry(country: string): country is RegulatedCountry {
  return (regulatedCountries as readonly string[]).includes(country);
}

// ── Calendar ──────────────────────────────────────────────────────────────────────────────────────

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day 'YYYY-MM-DD' that exists. */
export const isoDateSchema = /* @__PURE__ */ z
  .string()
  .regex(isoDatePattern, 'Must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Must be a date that exists');

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The Nordic zones are between one and three hours ahead of UTC (winter or summer time, and so under any
 * change of either), so their day is UTC's before 21:00 UTC and the next one from 23:00. Only in between
 * does `localDate` need the zone's rules: the first Intl date format with a time zone loads its data, ≈ 15
 * ms of the apply page's first render on a phone (issue 12), for an answer the clock already gives.
 */
const zonesOneToThreeHoursAhead = new Set([
  'Europe/Stockholm',
  'Europe/Helsinki',
  'Europe/Oslo',
  'Europe/Copenhagen',
]);

/** The calendar day ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  if (zonesOneToThreeHoursAhead.has(timeZone)) {
    const hour = instant.getUTCHours();
    if (hour < 21) return instant.toISOString().slice(0, 10);
    if (hour >= 23) return new Date(instant.getTime() + 3_600_000 * 3).toISOString().slice(0, 10);
  }
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export interface DateRange {
  validFrom: string;
  validTo: string;
}

/**
 * The period a figure is set for by law, containing `date`: the reference rates per calendar half-year
 * (räntelagen 9 §, korkolaki 12 §), the price base amount per calendar year (socialförsäkringsbalken 2:6–7).
 */
export function statutoryPeriodOf(figure: RegulatoryFigureKind, date: string): DateRange {
  const year = date.slice(0, 4);
  if (figure === 'priceBaseAmount') return { validFrom: `${year}-01-01`, validTo: `${year}-12-31` };
  return Number(date.slice(5, 7)) <= 6
    ? { validFrom: `${year}-01-01`, validTo: `${year}-06-30` }
    : { validFrom: `${year}-07-01`, validTo: `${year}-12-31` };
}

// ── The table ─────────────────────────────────────────────────────────────────────────────────────

/** One published figure for one statutory period. */
export const regulatoryFigurePeriodSchema = /* @__PURE__ */ z
  .object({
    country: regulatedCountrySchema,
    figure: regulatoryFigureKindSchema,
    /** referenceRate: percent (3 = 3 %); priceBaseAmount: SEK. */
    value: z.number().finite(),
    validFrom: isoDateSchema,
    /** Last day the figure holds (inclusive). */
    validTo: isoDateSchema,
    /** The authority's notice it comes from (title, number, address). */
    source: z.string().trim().min(10, 'Name the notice the figure comes from').max(500),
  })
  .superRefine((period, ctx) => {
    if (!figuresByCountry[period.country].includes(period.figure)) {
      ctx.addIssue({
        code: 'custom',
        path: ['figure'],
        message: `${period.country} has no ${figureLabels[period.figure]} in its caps`,
      });
    }
    if (period.figure === 'referenceRate') {
      // Both laws round the central bank's rate up to a half point: anything else is a typo.
      if (period.value < -10 || period.value > 50 || !Number.isInteger(period.value * 2)) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'A reference rate is a percent between -10 and 50 in half points',
        });
      }
    } else if (period.value < 10_000 || period.value > 1_000_000 || period.value % 100 !== 0) {
      // SCB rounds the prisbasbelopp to whole hundreds of kronor.
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A price base amount is whole hundreds of SEK between 10 000 and 1 000 000',
      });
    }
    if (isoDatePattern.test(period.validFrom)) {
      const statutory = statutoryPeriodOf(period.figure, period.validFrom);
      if (statutory.validFrom !== period.validFrom || statutory.validTo !== period.validTo) {
        ctx.addIssue({
          code: 'custom',
          path: ['validTo'],
          message: `A ${figureLabels[period.figure]} is set for ${
            period.figure === 'priceBaseAmount' ? 'a calendar year' : 'a calendar half-year'
          }: ${statutory.validFrom} – ${statutory.validTo}`,
        });
      }
    }
  });
export type RegulatoryFigurePeriod = z.infer<typeof regulatoryFigurePeriodSchema>;

const periodKey = (period: Pick<RegulatoryFigurePeriod, 'country' | 'figure' | 'validFrom'>) =>
  `${period.country}:${period.figure}:${period.validFrom}`;

/** Parses a whole table: every row valid, at most one row per country, figure and period. Throws listing every problem. */
export function parseRegulatoryFigureTable(
  rows: readonly unknown[],
  origin: string,
): RegulatoryFigurePeriod[] {
  const problems: string[] = [];
  const periods: RegulatoryFigurePeriod[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const result = regulatoryFigurePeriodSchema.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push(`row ${index}: ${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const key = periodKey(result.data);
    if (seen.has(key)) problems.push(`row ${index}: a second row for ${key}`);
    seen.add(key);
    periods.push(result.data);
  });
  if (problems.length > 0) {
    throw new Error(`Invalid regulatory figures in ${origin}:\n- ${problems.join('\n- ')}`);
  }
  return sortPeriods(periods);
}

// Codes and ISO dates: compared by code unit. localeCompare would give the same order, but its first call
// builds a collator, ≈ 8 ms of the apply page's start on a phone (the table is parsed when it loads).
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortPeriods(periods: RegulatoryFigurePeriod[]): RegulatoryFigurePeriod[] {
  return periods.sort(
    (a, b) =>
      byCodeUnit(a.country, b.country) ||
      byCodeUnit(a.figure, b.figure) ||
      byCodeUnit(a.validFrom, b.validFrom),
  );
}

/**
 * The file's periods plus those added later (the database). The same period in both must carry the same
 * value: a conflict is a start-up error, because which one applied would be a guess.
 */
export function mergeRegulatoryFigures(
  published: readonly RegulatoryFigurePeriod[],
  added: readonly RegulatoryFigurePeriod[],
): RegulatoryFigurePeriod[] {
  const byKey = new Map(published.map((period) => [periodKey(period), period]));
  const conflicts: string[] = [];
  for (const period of added) {
    const existing = byKey.get(periodKey(period));
    if (!existing) byKey.set(periodKey(period), period);
    else if (existing.value !== period.value) {
      conflicts.push(
        `${period.country} ${figureLabels[period.figure]} ${period.validFrom} – ${period.validTo}: the file says ${existing.value}, the database ${period.value}`,
      );
    }
  }
  if (conflicts.length > 0) {
    throw new Error(`Regulatory figures disagree:\n- ${conflicts.join('\n- ')}`);
  }
  return sortPeriods([...byKey.values()]);
}

// ── The figure of a day ───────────────────────────────────────────────────────────────────────────

/** The figure a cap was checked against: a published period, or the strict bound when none covers the day. */
export interface FigureInForce extends DateRange {
  country: RegulatedCountry;
  figure: RegulatoryFigureKind;
  /** The calendar day in the country it was looked up for. */
  date: string;
  value: number;
  /** The notice of the period; null on the fallback. */
  source: string | null;
  /** True when no period covers the day and the strictest lawful bound applied (validFrom/validTo: the missing period). */
  fallback: boolean;
}

/**
 * The strictest lawful value of a figure when its period is missing (issue 17): a reference rate of 0
 * (Sweden nominal ≤ 20 %, Finland ≤ 15 %), and for the price base amount the lowest one known, so the
 * startup fee stays under the lowest cap there has been (0 when none is known).
 */
export function strictValueOf(
  periods: readonly RegulatoryFigurePeriod[],
  country: RegulatedCountry,
  figure: RegulatoryFigureKind,
): number {
  if (figure === 'referenceRate') return 0;
  const known = periods.filter((period) => period.country === country && period.figure === figure);
  return known.length === 0 ? 0 : Math.min(...known.map((period) => period.value));
}

export function figureInForce(
  periods: readonly RegulatoryFigurePeriod[],
  country: RegulatedCountry,
  figure: RegulatoryFigureKind,
  instant: Date,
): FigureInForce {
  const date = localDate(instant, countryTimeZones[country]);
  const period = periods.find(
    (candidate) =>
      candidate.country === country &&
      candidate.figure === figure &&
      candidate.validFrom <= date &&
      date <= candidate.validTo,
  );
  if (period) {
    const { validFrom, validTo, value, source } = period;
    return { country, figure, date, validFrom, validTo, value, source, fallback: false };
  }
  return {
    country,
    figure,
    date,
    ...statutoryPeriodOf(figure, date),
    value: strictValueOf(periods, country, figure),
    source: null,
    fallback: true,
  };
}

/** What a quote's caps were checked against: stored with the quote so that it keeps its basis. */
export interface CapsBasis {
  country: Country;
  /** The instant the check was made for. */
  checkedAt: string;
  /** Empty for countries whose caps have no dated figure (NO, DK). */
  figures: FigureInForce[];
  /** True when any figure is the strict bound of a missing period. */
  fallback: boolean;
}

/** 1 % of the price base amount (konsumentkreditlagen, from 1 March 2025; regulation.md). */
export const swedenStartupFeeCapShare = 0.01;

function capsConfigFromFigures(figures: readonly FigureInForce[], strict: CapsConfig): CapsConfig {
  const value = (country: RegulatedCountry, figure: RegulatoryFigureKind) =>
    figures.find((candidate) => candidate.country === country && candidate.figure === figure)?.value;
  const swedenReference = value('SE', 'referenceRate');
  const priceBaseAmount = value('SE', 'priceBaseAmount');
  const finlandReference = value('FI', 'referenceRate');
  return {
    sweden: {
      referenceRatePercent: swedenReference ?? strict.sweden.referenceRatePercent,
      startupFeeCap:
        priceBaseAmount === undefined
          ? strict.sweden.startupFeeCap
          : Math.round(priceBaseAmount * swedenStartupFeeCapShare * 100) / 100,
    },
    finland: { referenceRatePercent: finlandReference ?? strict.finland.referenceRatePercent },
  };
}

/** The caps with every dated figure at its strictest lawful value. */
export function strictCapsConfig(periods: readonly RegulatoryFigurePeriod[]): CapsConfig {
  return {
    sweden: {
      referenceRatePercent: strictValueOf(periods, 'SE', 'referenceRate'),
      startupFeeCap:
        Math.round(strictValueOf(periods, 'SE', 'priceBaseAmount') * swedenStartupFeeCapShare * 100) / 100,
    },
    finland: { referenceRatePercent: strictValueOf(periods, 'FI', 'referenceRate') },
  };
}

/** The figures in force for an offer of `country` made at `instant`, and the caps they give. */
export function capsBasisOn(
  periods: readonly RegulatoryFigurePeriod[],
  country: Country,
  instant: Date,
): { basis: CapsBasis; capsConfig: CapsConfig } {
  const figures = isRegulatedCountry(country)
    ? figuresByCountry[country].map((figure) => figureInForce(periods, country, figure, instant))
    : [];
  return {
    basis: {
      country,
      checkedAt: instant.toISOString(),
      figures,
      fallback: figures.some((figure) => figure.fallback),
    },
    capsConfig: capsConfigFromFigures(figures, strictCapsConfig(periods)),
  };
}

/**
 * The caps a stored basis gives: a quote read again after a new period keeps the caps it was checked
 * against. Figures of other countries than the basis's do not matter to its offer; they are left strict.
 */
export function capsConfigOfBasis(basis: CapsBasis): CapsConfig {
  return capsConfigFromFigures(basis.figures, strictCapsConfig([]));
}

/** Every figure in force at `instant`, each in its own country's calendar. */
export function figuresInForce(periods: readonly RegulatoryFigurePeriod[], instant: Date): FigureInForce[] {
  return regulatedCountries.flatMap((country) =>
    figuresByCountry[country].map((figure) => figureInForce(periods, country, figure, instant)),
  );
}

/** The caps of every country at `instant` (each country on its own calendar day). */
export function capsConfigAt(periods: readonly RegulatoryFigurePeriod[], instant: Date): CapsConfig {
  return capsConfigFromFigures(figuresInForce(periods, instant), strictCapsConfig(periods));
}

/** The warning the server logs for a running period nobody has entered (issue 17). */
export function missingPeriodWarning(figure: FigureInForce): string {
  return `${figure.country} ${figureLabels[figure.figure]}: no figure for ${figure.validFrom} – ${figure.validTo}; applying the strict bound`;
}

// ── The table as a series (issue 39) ──────────────────────────────────────────────────────────────

/** The calendar day `days` after `date` ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (calendar days, 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A statutory period left out of the file on purpose: published, but its notice could not be sourced. */
export interface UnsourcedPeriod extends DateRange {
  country: RegulatedCountry;
  figure: RegulatoryFigureKind;
  /** What was looked for, and where the figure is to be found. */
  note: string;
}

/**
 * Gaps and overlaps in a table, per country and figure, between its first and its last period: a period
 * that ends must be followed by the next statutory one from the next day, and no two periods may share a
 * day. A gap listed in `declaredGaps` (a period whose figure could not be sourced) is allowed; a declared
 * gap that the table fills, or that is no gap, is reported too, so the list cannot go stale.
 */
export function tableContinuityProblems(
  periods: readonly RegulatoryFigurePeriod[],
  declaredGaps: readonly UnsourcedPeriod[] = [],
): string[] {
  const problems: string[] = [];
  const declared = new Set(declaredGaps.map(periodKey));
  const gapsSeen = new Set<string>();
  for (const country of regulatedCountries) {
    for (const figure of figuresByCountry[country]) {
      const series = periods
        .filter((period) => period.country === country && period.figure === figure)
        .sort((a, b) => byCodeUnit(a.validFrom, b.validFrom));
      for (let index = 1; index < series.length; index++) {
        const previous = series[index - 1]!;
        const current = series[index]!;
        if (current.validFrom <= previous.validTo) {
          problems.push(
            `${country} ${figureLabels[figure]}: ${previous.validFrom} – ${previous.validTo} overlaps ${current.validFrom} – ${current.validTo}`,
          );
          continue;
        }
        // Walk the statutory periods between the two: each must be a declared gap.
        for (
          let missing = statutoryPeriodOf(figure, addDays(previous.validTo, 1));
          missing.validFrom < current.validFrom;
          missing = statutoryPeriodOf(figure, addDays(missing.validTo, 1))
        ) {
          const key = periodKey({ country, figure, validFrom: missing.validFrom });
          gapsSeen.add(key);
          if (!declared.has(key)) {
            problems.push(
              `${country} ${figureLabels[figure]}: no period for ${missing.validFrom} – ${missing.validTo} between ${previous.validTo} and ${current.validFrom}`,
            );
          }
        }
      }
    }
  }
  for (const gap of declaredGaps) {
    if (!gapsSeen.has(periodKey(gap))) {
      problems.push(
        `${gap.country} ${figureLabels[gap.figure]}: ${gap.validFrom} – ${gap.validTo} is declared unsourced but is no gap in the table`,
      );
    }
  }
  return problems;
}

/** The nominal-rate and startup-fee caps that `caps` give in a country (for staff to read). */
export function capsInForceOf(
  country: RegulatedCountry,
  caps: CapsConfig,
): { nominalRateCapPercent: number; startupFeeCap: number | null } {
  if (country === 'SE') {
    return {
      nominalRateCapPercent: caps.sweden.referenceRatePercent + swedenRatePointsAboveReference,
      startupFeeCap: caps.sweden.startupFeeCap,
    };
  }
  return {
    nominalRateCapPercent: Math.min(
      finlandRatePointsAboveReference + caps.finland.referenceRatePercent,
      finlandAbsoluteMaxRatePercent,
    ),
    startupFeeCap: null,
  };
}
