import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedRegulatoryFigures } from './regulatory-figures.data.ts';
import { duePeriodWarning, figureReminders, reminderLeadDays } from './regulatory-figures.reminders.ts';
import {
  capsConfigAt,
  capsInForceOf,
  countryTimeZones,
  daysBetween,
  localDate,
  type RegulatedCountry,
  type RegulatoryFigurePeriod,
  statutoryPeriodOf,
} from './regulatory-figures.ts';

// Issue 39, item 2: thirty days before a running period ends without its successor known, staff are
// reminded (and the server warns); a running period without a figure is reminded as missing.

const rate = (
  country: RegulatedCountry,
  validFrom: string,
  validTo: string,
  value = 2,
): RegulatoryFigurePeriod => ({
  country,
  figure: 'referenceRate',
  value,
  validFrom,
  validTo,
  source: 'test notice of the central bank',
});
const pbb = (year: number): RegulatoryFigurePeriod => ({
  country: 'SE',
  figure: 'priceBaseAmount',
  value: 59_200,
  validFrom: `${year}-01-01`,
  validTo: `${year}-12-31`,
  source: 'test notice of the government',
});
const h2 = [rate('SE', '2026-07-01', '2026-12-31'), rate('FI', '2026-07-01', '2026-12-31', 2.5), pbb(2026)];
const summary = (reminders: ReturnType<typeof figureReminders>) =>
  reminders.map(
    (reminder) => `${reminder.kind} ${reminder.country} ${reminder.figure} ${reminder.validFrom}`,
  );

describe('figureReminders', () => {
  it('is quiet while every running period is known and the next is more than 30 days away', () => {
    expect(figureReminders(h2, new Date('2026-11-28T10:00:00Z'))).toEqual([]);
    expect(figureReminders(h2, new Date('2026-11-30T12:00:00Z'))).toEqual([]);
  });

  it('from 30 days before the end, reminds of each next period not known, with the date and where to find it', () => {
    const reminders = figureReminders(h2, new Date('2026-12-01T10:00:00Z'));
    expect(summary(reminders)).toEqual([
      'due SE referenceRate 2027-01-01',
      'due SE priceBaseAmount 2027-01-01',
      'due FI referenceRate 2027-01-01',
    ]);
    expect(reminders[0]).toMatchObject({ validTo: '2027-06-30', date: '2026-12-01', daysLeft: 31 });
    expect(reminders[0]!.whereToFind).toMatch(/riksbank\.se/);
    expect(reminders[1]!.whereToFind).toMatch(/prisbasbelopp/);
    expect(reminders[2]!.whereToFind).toMatch(/Suomen Pankki/);
    expect(duePeriodWarning(reminders[0]!)).toBe(
      'SE reference rate: no figure yet for 2027-01-01 – 2027-06-30, which starts in 31 days; from then on offers get the strict bound until it is entered',
    );
  });

  it('starts at midnight of the country’s day, not UTC’s', () => {
    // 1 December 00:00 in Stockholm is 23:00 UTC on 30 November; in Helsinki it is 22:00 UTC.
    expect(summary(figureReminders(h2, new Date('2026-11-30T21:59:59Z')))).toEqual([]);
    expect(summary(figureReminders(h2, new Date('2026-11-30T22:00:00Z')))).toEqual([
      'due FI referenceRate 2027-01-01',
    ]);
    expect(summary(figureReminders(h2, new Date('2026-11-30T23:00:00Z')))).toHaveLength(3);
  });

  it('stops once the next period is entered, and names a running period without a figure as missing', () => {
    const next = [...h2, rate('SE', '2027-01-01', '2027-06-30'), pbb(2027)];
    expect(summary(figureReminders(next, new Date('2026-12-20T10:00:00Z')))).toEqual([
      'due FI referenceRate 2027-01-01',
    ]);
    expect(summary(figureReminders(next, new Date('2027-01-02T10:00:00Z')))).toEqual([
      'missing FI referenceRate 2027-01-01',
    ]);
  });

  it('with the published table today (2026-11-28) reminds only of periods the file could not source', () => {
    const reminders = figureReminders(publishedRegulatoryFigures, new Date('2026-11-28T10:00:00Z'));
    expect(reminders.every((reminder) => reminder.kind === 'missing')).toBe(true);
    expect(reminders.some((reminder) => reminder.country === 'SE')).toBe(false);
  });

  it('(property) reminds of the next period exactly from 30 days before the running one ends, while it is unknown', () => {
    const tables = fc.subarray([
      ...h2,
      rate('SE', '2027-01-01', '2027-06-30'),
      rate('FI', '2027-01-01', '2027-06-30'),
      rate('SE', '2027-07-01', '2027-12-31'),
      pbb(2027),
      rate('SE', '2026-01-01', '2026-06-30'),
    ]);
    const instants = fc.date({
      min: new Date('2026-05-01T00:00:00Z'),
      max: new Date('2027-06-30T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(tables, instants, (table, instant) => {
        const reminders = figureReminders(table, instant);
        for (const country of ['SE', 'FI'] as const) {
          const date = localDate(instant, countryTimeZones[country]);
          for (const figure of country === 'SE'
            ? (['referenceRate', 'priceBaseAmount'] as const)
            : (['referenceRate'] as const)) {
            const running = statutoryPeriodOf(figure, date);
            const nextStart = new Date(`${running.validTo}T00:00:00Z`);
            nextStart.setUTCDate(nextStart.getUTCDate() + 1);
            const next = statutoryPeriodOf(figure, nextStart.toISOString().slice(0, 10));
            const known = (from: string) =>
              table.some((p) => p.country === country && p.figure === figure && p.validFrom === from);
            const due = reminders.find(
              (r) => r.kind === 'due' && r.country === country && r.figure === figure,
            );
            const expectDue =
              daysBetween(date, running.validTo) <= reminderLeadDays && !known(next.validFrom);
            expect(due !== undefined).toBe(expectDue);
            if (due) expect(due.daysLeft).toBe(daysBetween(date, next.validFrom));
            const missing = reminders.find(
              (r) => r.kind === 'missing' && r.country === country && r.figure === figure,
            );
            expect(missing !== undefined).toBe(!known(running.validFrom));
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('capsInForceOf', () => {
  it('states the nominal-rate and startup-fee caps the figures give', () => {
    const caps = capsConfigAt(h2, new Date('2026-11-28T10:00:00Z'));
    expect(capsInForceOf('SE', caps)).toEqual({ nominalRateCapPercent: 22, startupFeeCap: 592 });
    expect(capsInForceOf('FI', caps)).toEqual({ nominalRateCapPercent: 17.5, startupFeeCap: null });
    expect(capsInForceOf('FI', { ...caps, finland: { referenceRatePercent: 6 } }).nominalRateCapPercent).toBe(
      20,
    );
  });
});
