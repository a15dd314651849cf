import { describe, expect, it } from 'vitest';
import {
  explainFirstOffer,
  isOfferSortKey,
  recommendedOffer,
  requestedTermsOf,
  sortOffers,
} from './offer-sorting.ts';

const offer = (
  ID: string,
  name: string,
  TotalCost: number,
  MonthlyPayment: number,
  EffectiveRate: number,
  DurationMonths = 60,
) => ({
  ID,
  Lender: { Name: name },
  Amount: 150_000,
  DurationMonths,
  TotalCost,
  MonthlyPayment,
  EffectiveRate,
});
const asked = requestedTermsOf({ Amount: 150_000, Duration: 5 });
const offers = [
  offer('a', 'Aurora', 52_000, 3_400, 13.3),
  offer('b', 'Bris', 35_000, 3_900, 14.1),
  offer('c', 'Ceder', 60_000, 2_500, 9.2),
];

describe('sortOffers', () => {
  it('sorts by total cost, monthly payment or effective rate, cheapest first', () => {
    expect(sortOffers(offers, asked, 'totalCost').map((o) => o.ID)).toEqual(['b', 'a', 'c']);
    expect(sortOffers(offers, asked, 'monthlyPayment').map((o) => o.ID)).toEqual(['c', 'a', 'b']);
    expect(sortOffers(offers, asked, 'effectiveRate').map((o) => o.ID)).toEqual(['c', 'a', 'b']);
  });
  it('breaks ties by the other figures, then by lender name, and never mutates its input', () => {
    const tied = [
      offer('x', 'Zeta', 100, 10, 5),
      offer('y', 'Alfa', 100, 10, 5),
      offer('z', 'Mid', 100, 9, 5),
    ];
    const copy = [...tied];
    expect(sortOffers(tied, asked, 'totalCost').map((o) => o.ID)).toEqual(['z', 'y', 'x']);
    expect(tied).toEqual(copy);
  });
  it('puts an offer of another term after the offers for the term asked, however cheap it is in all', () => {
    const sevenYears = offer('d', 'Dal', 20_000, 2_000, 8.0, 84);
    expect(sortOffers([...offers, sevenYears], asked, 'totalCost').map((o) => o.ID)).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    expect(recommendedOffer([...offers, sevenYears], asked)?.offer.ID).toBe('b');
    expect(
      explainFirstOffer(sortOffers([offers[1]!, sevenYears], asked, 'totalCost'), asked, 'totalCost'),
    ).toMatchObject({ decidedBy: 'requestedTerms' });
  });
  it('reads what was asked from the application (years → months; none for a card)', () => {
    expect(requestedTermsOf({ Amount: 25_000 })).toEqual({ amount: 25_000, durationMonths: null });
    expect(requestedTermsOf({})).toEqual({ amount: null, durationMonths: null });
  });
  it('knows its keys', () => {
    expect(isOfferSortKey('totalCost')).toBe(true);
    expect(isOfferSortKey('lender')).toBe(false);
  });
});
