import type { RegulatoryFigureKind } from '@nordloan/domain/finance/regulatory-figures';
import type { FigureReminderView } from '@nordloan/domain/finance/regulatory-figures.schema';

// How the figures read to staff.

const countryNames: Record<string, string> = { SE: 'Sweden', FI: 'Finland' };
const figureNames: Record<RegulatoryFigureKind, string> = {
  referenceRate: 'reference rate',
  priceBaseAmount: 'price base amount',
};

export const countryName = (country: string) => countryNames[country] ?? country;
export const figureName = (figure: RegulatoryFigureKind) => figureNames[figure];

/** 3 → "3 %", 59200 → "59 200 SEK". */
export function figureValue(figure: RegulatoryFigureKind, value: number): string {
  return figure === 'referenceRate' ? `${value} %` : `${value.toLocaleString('sv-SE')} SEK`;
}

/** What a reminder asks, in one sentence with its dates. */
export function reminderText(reminder: FigureReminderView): string {
  const what = `${countryName(reminder.Country)}: the ${figureName(reminder.Figure)} for ${reminder.ValidFrom} – ${reminder.ValidTo}`;
  if (reminder.Kind === 'missing') {
    return `${what} is missing; offers are checked against the strict bound until it is entered.`;
  }
  const days = reminder.DaysLeft === 1 ? '1 day' : `${reminder.DaysLeft} days`;
  return `${what} is not entered yet and starts on ${reminder.ValidFrom} (in ${days}).`;
}
