import { describe, expect, it } from 'vitest';
import { isOfferSortKey, sortOffers } from './offer-sorting.ts';

const offer = (
  ID: string,
  name: string,
  TotalCost: number,
  MonthlyPayment: number,
  EffectiveRate: number,
) => ({
  ID,
  Lender: { Name: name },
  TotalCost,
  MonthlyPayment,
  EffectiveRate,
});
const offers = [
  offer('a', 'Aurora', 52_000, 3_400, 13.3),
  offer('b', 'Bris', 35_000, 3_900, 14.1),
  offer('c', 'Ceder', 60_000, 2_500, 9.2),
];

describe('sortOffers', () => {
  it('sorts by total cost, monthly payment or effective rate, cheapest first', () => {
    expect(sortOffers(offers, 'totalCost').map((o) => o.ID)).toEqual(['b', 'a', 'c']);
    expect(sortOffers(offers, 'monthlyPayment').map((o) => o.ID)).toEqual(['c', 'a', 'b']);
    expect(sortOffers(offers, 'effectiveRate').map((o) => o.ID)).toEqual(['c', 'a', 'b']);
  });
  it('breaks ties by the other figures, then by lender name, and never mutates its input', () => {
    const tied = [
      offer('x', 'Zeta', 100, 10, 5),
      offer('y', 'Alfa', 100, 10, 5),
      offer('z', 'Mid', 100, 9, 5),
    ];
    const copy = [...tied];
    expect(sortOffers(tied, 'totalCost').map((o) => o.ID)).toEqual(['z', 'y', 'x']);
    expect(tied).toEqual(copy);
  });
  it('knows its keys', () => {
    expect(isOfferSortKey('totalCost')).toBe(true);
    expect(isOfferSortKey('lender')).toBe(false);
  });
});
