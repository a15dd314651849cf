import type { RegulatoryFigureKind } from '@nordloan/domain/finance/regulatory-figures';
import type { FigureReminderView } from '@nordloan/domain/finance/regulatory-figures.schema';
import type { Formatters } from '#src/shared/i18n/format.ts';
import type { Messages } from '#src/shared/i18n/messages.ts';

// How the figures read to staff, in their language (the figures are Sweden's and Finland's).

export const countryName = (t: Messages, country: string) => t.countries[country] ?? country;
export const figureName = (t: Messages, figure: RegulatoryFigureKind) => t.figures.names[figure] ?? figure;

/** 3 → "3,00 %", 59200 → "59 200 kr" (the price base amount is Swedish). */
export function figureValue(fmt: Formatters, figure: RegulatoryFigureKind, value: number): string {
  return figure === 'referenceRate' ? fmt.percent(value) : fmt.money(value, 'SE');
}

/** What a reminder asks, in one sentence with its dates. */
export function reminderText(t: Messages, reminder: FigureReminderView): string {
  const what = t.figures.what(
    countryName(t, reminder.Country),
    figureName(t, reminder.Figure),
    reminder.ValidFrom,
    reminder.ValidTo,
  );
  return reminder.Kind === 'missing'
    ? t.figures.missing(what)
    : t.figures.due(what, reminder.ValidFrom, reminder.DaysLeft);
}
