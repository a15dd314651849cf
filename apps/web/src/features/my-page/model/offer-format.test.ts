import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatRate, splitMonths } from './offer-format.ts';

const nbsp = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(nbsp, ' ');

describe('offer formatting in the brand locale', () => {
  it('effective rate with at least one decimal (regulation.md)', () => {
    expect(plain(formatRate(13.327, 'nb-NO'))).toBe('13,33 %');
    expect(plain(formatRate(9, 'sv-SE'))).toBe('9,0 %');
    expect(plain(formatRate(6.1678, 'fi-FI'))).toBe('6,17 %');
    expect(plain(formatRate(12.5, 'da-DK'))).toBe('12,5 %');
  });
  it('money in whole units with the currency and the locale grouping', () => {
    expect(plain(formatMoney(52_495.53, 'nb-NO', 'NOK'))).toBe('52 496 kr');
    expect(plain(formatMoney(200_478.53, 'sv-SE', 'SEK'))).toBe('200 479 kr');
    expect(plain(formatMoney(10_000, 'fi-FI', 'EUR'))).toBe('10 000 €');
    expect(plain(formatMoney(150_000, 'da-DK', 'DKK'))).toBe('150.000 kr.');
  });
  it('splits a term into years and months', () => {
    expect(splitMonths(60)).toEqual({ years: 5, months: 0 });
    expect(splitMonths(62)).toEqual({ years: 5, months: 2 });
    expect(splitMonths(7)).toEqual({ years: 0, months: 7 });
  });
  it('formats a day in the locale', () => {
    expect(formatDay('2026-12-06T10:00:00Z', 'nb-NO')).toBe('6. desember 2026');
    expect(formatDay('2026-12-06T10:00:00Z', 'sv-SE')).toBe('6 december 2026');
  });
});
