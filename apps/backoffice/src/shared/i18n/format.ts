import { type Country, currencyByCountry, localeByCountry } from '@nordloan/domain/enums';

// Numbers, money, rates and dates as staff read them (issue 38). Money is written in the application's
// country (its currency, its locale: "250 000 kr", "1 500 €"), so a Finnish amount reads the same to every
// case handler; dates and plain numbers in the staff member's language.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format as T;
}

export interface Formatters {
  /** Whole currency units of `country` ("250 000 kr"); '—' for nothing. */
  money(amount: number | null | undefined, country: Country | string): string;
  /** A percent rate as the API gives it (11.9 = 11.9 %), two decimals. */
  percent(rate: number | null | undefined): string;
  /** A rate given as a fraction (0.1039 = 10.39 %), as debts carry it. */
  fraction(rate: number | null | undefined): string;
  number(value: number | null | undefined, digits?: number): string;
  dateTime(value: string | null | undefined): string;
  date(value: string | null | undefined): string;
}

export function formattersFor(locale: string): Formatters {
  const numberFormat = (digits: number) =>
    cached(`n:${locale}:${digits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
  const percentFormat = cached(
    `p:${locale}`,
    () =>
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const dateTimeFormat = cached(
    `dt:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  const dateFormat = cached(
    `d:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  return {
    money(amount, country) {
      if (empty(amount) || !Number.isFinite(amount)) return '—';
      const currency = currencyByCountry[country as Country];
      if (!currency) return numberFormat(0).format(amount as number);
      return cached(
        `m:${country}`,
        () =>
          new Intl.NumberFormat(localeByCountry[country as Country], {
            style: 'currency',
            currency,
            maximumFractionDigits: 0,
          }),
      ).format(amount as number);
    },
    percent: (rate) => (empty(rate) ? '—' : percentFormat.format((rate as number) / 100)),
    fraction: (rate) => (empty(rate) ? '—' : percentFormat.format(rate as number)),
    number: (value, digits = 2) => (empty(value) ? '—' : numberFormat(digits).format(value as number)),
    dateTime(value) {
      if (!value) return '—';
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
    },
    date(value) {
      if (!value) return '—';
      // A calendar date (YYYY-MM-DD) is that day wherever the reader is: formatted in UTC.
      const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
    },
  };
}
