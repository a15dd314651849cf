import type { Locale } from '@nordloan/domain/enums';

/**
 * Money to the cent (öre, øre, sentti): what is paid back after a withdrawal and a day's interest are paid
 * to the cent, unlike the offer's rounded comparison figures.
 */
export function formatMoneyCents(amount: number, locale: Locale, currency: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
