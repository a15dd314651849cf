import { describe, expect, it } from 'vitest';
import {
  publishedCapsConfigAt,
  publishedRegulatoryFigures,
  unsourcedPeriods,
} from './regulatory-figures.data.ts';
import {
  figuresByCountry,
  type RegulatoryFigurePeriod,
  regulatedCountries,
  statutoryPeriodOf,
  tableContinuityProblems,
  type UnsourcedPeriod,
} from './regulatory-figures.ts';

// Issue 39, item 3: the data file as a series. Every row names its source, no two periods of one figure
// share a day, and between a figure's first and last period there is no gap but those declared as
// unsourced (a published figure whose notice could not be found stays out, docs/regulatory-figures.md).

describe('regulatory-figures.data.ts', () => {
  it('has no gaps between periods of the same figure but the declared ones, and no overlaps', () => {
    expect(tableContinuityProblems(publishedRegulatoryFigures, unsourcedPeriods)).toEqual([]);
  });

  it('names a source for every row, and says what was looked for for every declared gap', () => {
    for (const period of publishedRegulatoryFigures) {
      expect(
        period.source.trim().length,
        `${period.country} ${period.figure} ${period.validFrom}`,
      ).toBeGreaterThan(20);
      // The source names the period's year, so a row copied for the next period without a new notice shows.
      expect(period.source, `${period.country} ${period.figure} ${period.validFrom}`).toContain(
        period.validFrom.slice(0, 4),
      );
    }
    for (const gap of unsourcedPeriods) {
      expect(gap.note.length).toBeGreaterThan(20);
      expect(statutoryPeriodOf(gap.figure, gap.validFrom)).toEqual({
        validFrom: gap.validFrom,
        validTo: gap.validTo,
      });
    }
  });

  it('covers the first half of 2026 in both countries and all of 2026 for the Swedish figures', () => {
    const covered = (country: string, figure: string, date: string) =>
      publishedRegulatoryFigures.some(
        (period) =>
          period.country === country &&
          period.figure === figure &&
          period.validFrom <= date &&
          date <= period.validTo,
      );
    for (const country of regulatedCountries) {
      for (const figure of figuresByCountry[country])
        expect(covered(country, figure, '2026-03-01')).toBe(true);
    }
    expect(covered('SE', 'referenceRate', '2026-11-28')).toBe(true);
    expect(covered('SE', 'priceBaseAmount', '2026-11-28')).toBe(true);
  });

  it('gives the published caps of 2026: Sweden 2 % + 20 points and 592 SEK, Finland 15 % + 2.5 % (first half)', () => {
    expect(publishedCapsConfigAt(new Date('2026-03-15T12:00:00Z'))).toEqual({
      sweden: { referenceRatePercent: 2, startupFeeCap: 592 },
      finland: { referenceRatePercent: 2.5 },
    });
    expect(publishedCapsConfigAt(new Date('2026-11-28T12:00:00Z')).sweden).toEqual({
      referenceRatePercent: 2,
      startupFeeCap: 592,
    });
  });
});

describe('tableContinuityProblems', () => {
  const rate = (validFrom: string, validTo: string): RegulatoryFigurePeriod => ({
    country: 'FI',
    figure: 'referenceRate',
    value: 2.5,
    validFrom,
    validTo,
    source: 'test notice of the central bank',
  });
  const gap = (validFrom: string, validTo: string): UnsourcedPeriod => ({
    country: 'FI',
    figure: 'referenceRate',
    validFrom,
    validTo,
    note: 'not found in the test',
  });

  it('finds a gap, and accepts it only when declared', () => {
    const table = [rate('2025-01-01', '2025-06-30'), rate('2026-01-01', '2026-06-30')];
    expect(tableContinuityProblems(table)).toEqual([
      'FI reference rate: no period for 2025-07-01 – 2025-12-31 between 2025-06-30 and 2026-01-01',
    ]);
    expect(tableContinuityProblems(table, [gap('2025-07-01', '2025-12-31')])).toEqual([]);
  });

  it('finds every missing period of a longer gap', () => {
    const table = [rate('2024-01-01', '2024-06-30'), rate('2025-07-01', '2025-12-31')];
    expect(tableContinuityProblems(table, [gap('2024-07-01', '2024-12-31')])).toEqual([
      'FI reference rate: no period for 2025-01-01 – 2025-06-30 between 2024-06-30 and 2025-07-01',
    ]);
  });

  it('finds overlapping periods', () => {
    const table = [rate('2025-01-01', '2025-06-30'), rate('2025-06-01', '2025-12-31')];
    expect(tableContinuityProblems(table)).toEqual([
      'FI reference rate: 2025-01-01 – 2025-06-30 overlaps 2025-06-01 – 2025-12-31',
    ]);
  });

  it('reports a declared gap that the table fills or that lies outside the series', () => {
    const table = [rate('2025-01-01', '2025-06-30'), rate('2025-07-01', '2025-12-31')];
    expect(
      tableContinuityProblems(table, [gap('2025-07-01', '2025-12-31'), gap('2027-01-01', '2027-06-30')]),
    ).toEqual([
      'FI reference rate: 2025-07-01 – 2025-12-31 is declared unsourced but is no gap in the table',
      'FI reference rate: 2027-01-01 – 2027-06-30 is declared unsourced but is no gap in the table',
    ]);
  });
});
