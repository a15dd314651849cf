import { describe, expect, it } from 'vitest';
import { recommendationText, recommendQuote } from './recommendation.ts';

const quote = (
  id: string,
  effectiveRate: number,
  totalCost: number,
  monthlyPayment: number,
  amount = 100_000,
) => ({
  id,
  amount,
  durationMonths: 60,
  effectiveRate,
  totalCost,
  monthlyPayment,
});

describe('product recommendation', () => {
  it('picks the lowest effective rate and names every "lowest" it holds', () => {
    const picked = recommendQuote(
      [quote('a', 9.1, 24_000, 2_100), quote('b', 8.2, 21_000, 2_050), quote('c', 8.9, 23_000, 1_900)],
      { amount: 100_000, durationMonths: 60 },
    );
    expect(picked).toEqual({
      quoteId: 'b',
      reasons: ['lowest-effective-rate', 'lowest-total-cost', 'requested-amount-and-term'],
    });
  });

  it('prefers offers for the full amount over a cheaper smaller one', () => {
    const picked = recommendQuote([quote('small', 5, 5_000, 900, 50_000), quote('full', 9, 24_000, 2_100)], {
      amount: 100_000,
      durationMonths: 60,
    });
    expect(picked?.quoteId).toBe('full');
  });

  it('says "only offer", and nothing without offers', () => {
    expect(recommendQuote([quote('a', 9, 1, 1)], { amount: 1, durationMonths: null })?.reasons).toEqual([
      'only-offer',
    ]);
    expect(recommendQuote([], { amount: 1, durationMonths: 60 })).toBeUndefined();
  });

  it('says why in the brand language', () => {
    expect(recommendationText('nb-NO', ['lowest-effective-rate', 'lowest-total-cost'])).toBe(
      'Vi anbefaler dette tilbudet: lavest effektiv rente, lavest totalkostnad.',
    );
    expect(recommendationText('da-DK', ['only-offer'])).toBe('Vi anbefaler dette tilbud: eneste tilbud.');
  });
});
