import { describe, expect, it } from 'vitest';
import { recommendationText, recommendQuote } from './recommendation.ts';

const quote = (
  id: string,
  effectiveRate: number,
  totalCost: number,
  monthlyPayment: number,
  amount = 100_000,
  durationMonths = 60,
) => ({
  id,
  lenderName: `Bank ${id}`,
  amount,
  durationMonths,
  effectiveRate,
  totalCost,
  monthlyPayment,
});
const requested = { amount: 100_000, durationMonths: 60 };

describe('product recommendation (the first offer of the applicant ranking, ADR 0061)', () => {
  it('picks the lowest total cost of the offers for what was asked', () => {
    const picked = recommendQuote(
      [quote('a', 9.1, 24_000, 2_100), quote('b', 8.2, 21_000, 2_050), quote('c', 8.9, 23_000, 1_900)],
      requested,
    );
    expect(picked).toEqual({ quoteId: 'b', reasons: ['lowest-total-cost', 'requested-amount-and-term'] });
  });

  it('never prefers a longer term for a lower effective rate (issue 38, se-main)', () => {
    const picked = recommendQuote(
      [quote('eight', 7.12, 57_816, 2_685, 100_000, 96), quote('six', 7.15, 42_555, 3_369, 100_000, 72)],
      { amount: 100_000, durationMonths: 72 },
    );
    expect(picked?.quoteId).toBe('six');
  });

  it('prefers offers for the full amount over a cheaper smaller one', () => {
    const picked = recommendQuote(
      [quote('small', 5, 5_000, 900, 50_000), quote('full', 9, 24_000, 2_100)],
      requested,
    );
    expect(picked?.quoteId).toBe('full');
  });

  it('takes the lowest effective rate when no offer is for what was asked', () => {
    const picked = recommendQuote(
      [quote('ten', 9, 60_000, 1_300, 100_000, 120), quote('eight', 9.5, 50_000, 1_500, 100_000, 96)],
      requested,
    );
    expect(picked).toEqual({ quoteId: 'ten', reasons: ['lowest-effective-rate'] });
  });

  it('says "only offer", and nothing without offers', () => {
    expect(recommendQuote([quote('a', 9, 1, 1)], { amount: 1, durationMonths: null })?.reasons).toEqual([
      'only-offer',
    ]);
    expect(recommendQuote([], requested)).toBeUndefined();
  });

  it('says which lender and why, in one sentence in the brand language', () => {
    expect(
      recommendationText('nb-NO', {
        lender: 'Fjordbanken',
        reasons: ['lowest-total-cost', 'requested-amount-and-term'],
      }),
    ).toBe(
      'Vi anbefaler Fjordbanken: lavest totalkostnad av tilbudene på beløpet og nedbetalingstiden du søkte om.',
    );
    expect(recommendationText('sv-SE', { lender: 'Mälar Kredit', reasons: ['lowest-effective-rate'] })).toBe(
      'Vi rekommenderar Mälar Kredit: lägst effektiv ränta, eftersom inget erbjudande gäller beloppet och löptiden du ansökte om.',
    );
    expect(recommendationText('da-DK', { lender: 'Bølge Bank', reasons: ['only-offer'] })).toBe(
      'Vi anbefaler Bølge Bank: det eneste tilbud, men med andre vilkår, end du søgte om.',
    );
    expect(
      recommendationText('fi-FI', {
        lender: 'Saimaa Pankki',
        reasons: ['only-offer', 'requested-amount-and-term'],
      }),
    ).toBe('Suosittelemme lainanantajaa Saimaa Pankki: ainoa tarjous, hakemallasi summalla ja laina-ajalla.');
  });
});
