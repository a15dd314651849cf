import {
  addDays,
  countryTimeZones,
  type DateRange,
  daysBetween,
  figureLabels,
  figuresByCountry,
  localDate,
  type RegulatedCountry,
  type RegulatoryFigureKind,
  type RegulatoryFigurePeriod,
  regulatedCountries,
  statutoryPeriodOf,
} from './regulatory-figures.ts';

// Reminders (issue 39): the next period of a dated figure before it is due, and a running one without its
// figure, for staff to enter (the back office's Managers) and for the server to warn about.

/** How many days before a running period ends its successor must be known, or staff are reminded. */
export const reminderLeadDays = 30;

/** Where each figure is published, for the person who enters it (docs/regulatory-figures.md). */
export const figureWhereToFind: Record<RegulatedCountry, Partial<Record<RegulatoryFigureKind, string>>> = {
  SE: {
    referenceRate:
      'Riksbanken decides it on the last weekday before 1 January and 1 July: riksbank.se → Statistik → Räntor och valutakurser → Referensränta, and in SFS as "Tillkännagivande av uppgift om Riksbankens referensränta".',
    priceBaseAmount:
      'The government sets it for the next year, usually in September, on SCB\'s computation of July: "Förordning om prisbasbelopp och förhöjt prisbasbelopp för år …" in SFS (svenskforfattningssamling.se, regeringen.se).',
  },
  FI: {
    referenceRate:
      'Suomen Pankki announces it at the end of June and December: release "Korkolain mukainen viitekorko ja viivästyskorot …" on suomenpankki.fi (and STT Info), and in Finlex as "Suomen Pankin ilmoitus viitekorosta ja viivästyskoroista".',
  },
};

/** A period staff should enter: it is running without a figure, or it starts within the lead time. */
export interface FigureReminder extends DateRange {
  country: RegulatedCountry;
  figure: RegulatoryFigureKind;
  /**
   * `missing`: the period is running and has no figure, offers get the strict bound now; `due`: the
   * running period ends within `reminderLeadDays` and this, the next one, is not known yet.
   */
  kind: 'missing' | 'due';
  /** The calendar day in the country the reminder was made for. */
  date: string;
  /** Days until the period starts (0 when it is running). */
  daysLeft: number;
  whereToFind: string;
}

/**
 * What staff must enter, on `instant`'s calendar day in each country: every running period without a
 * figure, and every next period not known within `leadDays` of the running period's end.
 */
export function figureReminders(
  periods: readonly RegulatoryFigurePeriod[],
  instant: Date,
  leadDays = reminderLeadDays,
): FigureReminder[] {
  const reminders: FigureReminder[] = [];
  for (const country of regulatedCountries) {
    const date = localDate(instant, countryTimeZones[country]);
    for (const figure of figuresByCountry[country]) {
      const known = (range: DateRange) =>
        periods.some(
          (period) =>
            period.country === country && period.figure === figure && period.validFrom === range.validFrom,
        );
      const whereToFind = figureWhereToFind[country][figure] ?? '';
      const running = statutoryPeriodOf(figure, date);
      if (!known(running)) {
        reminders.push({ country, figure, ...running, kind: 'missing', date, daysLeft: 0, whereToFind });
      }
      const daysToEnd = daysBetween(date, running.validTo);
      const next = statutoryPeriodOf(figure, addDays(running.validTo, 1));
      if (daysToEnd <= leadDays && !known(next)) {
        reminders.push({ country, figure, ...next, kind: 'due', date, daysLeft: daysToEnd + 1, whereToFind });
      }
    }
  }
  return reminders;
}

/** The line the server logs, once a local day, for a reminder of kind `due`. */
export function duePeriodWarning(reminder: FigureReminder): string {
  const days = reminder.daysLeft === 1 ? '1 day' : `${reminder.daysLeft} days`;
  return `${reminder.country} ${figureLabels[reminder.figure]}: no figure yet for ${reminder.validFrom} – ${reminder.validTo}, which starts in ${days}; from then on offers get the strict bound until it is entered`;
}
