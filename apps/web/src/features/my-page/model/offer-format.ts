import type { Locale } from '@nordloan/domain/enums';

// Offer figures for display in the brand's locale. Rates keep one or two decimals (regulation.md: the
// effective rate is shown with at least one decimal); money is whole units as in the representative
// example; a term is years and months.

export function formatRate(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

export function formatMoney(amount: number, locale: Locale, currency: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(Math.round(amount));
}

export function splitMonths(months: number): { years: number; months: number } {
  const whole = Math.max(0, Math.round(months));
  return { years: Math.floor(whole / 12), months: whole % 12 };
}

/** The last day of a window given its end (ISO), as a date only, in the locale. */
export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}
