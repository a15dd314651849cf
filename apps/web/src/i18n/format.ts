import type { Currency, Locale } from '@nordloan/domain/enums';

// Numbers, money and dates through Intl in the brand's locale (§9 currencies and locales).

export interface Formatters {
  number(value: number): string;
  currency(value: number): string;
  date(iso: string | Date): string;
  dateTime(iso: string | Date): string;
}

export function createFormatters(locale: Locale, currency: Currency): Formatters {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    number: (value) => number.format(value),
    currency: (value) => money.format(value),
    date: (value) => date.format(toDate(value)),
    dateTime: (value) => dateTime.format(toDate(value)),
  };
}
