import { describe, expect, it } from 'vitest';
import { lenderPanel } from './lender-panel.ts';
import {
  commissionAmount,
  commissionPercentFor,
  commissionPercentOf,
  declineCategoryOf,
  explainRanking,
  lenderCommissionPercent,
  lenderStepOf,
  rankOffers,
} from './transparency.ts';

const offer = (
  ID: string,
  Name: string,
  TotalCost: number,
  EffectiveRate: number,
  MonthlyPayment: number,
) => ({
  ID,
  Lender: { Name },
  TotalCost,
  EffectiveRate,
  MonthlyPayment,
});

describe('lender path steps', () => {
  it('names each family of finer codes', () => {
    expect(
      [211, 251, 264, 311, 319, 351, 369, 389, 411, 451, 462, 489, 491, 511, 562, 651, 682].map(lenderStepOf),
    ).toEqual([
      'sent',
      'registered',
      'declined',
      'checking',
      'checking',
      'offer',
      'declined',
      'expired',
      'offer',
      'accepted',
      'not-accepted',
      'expired',
      'withdrawn',
      'accepted',
      'declined',
      'paid-out',
      'cancelled',
    ]);
  });

  it('puts a decline in a category the applicant can act on, the reason code first', () => {
    expect(declineCategoryOf(369, 'AFFORDABILITY')).toBe('income-and-affordability');
    expect(declineCategoryOf(369, 'CREDIT_SCORE')).toBe('credit-history');
    expect(declineCategoryOf(266, 'BANK_FILTER_CO_APPLICANT')).toBe('co-applicant');
    expect(declineCategoryOf(264, null)).toBe('credit-history');
    expect(declineCategoryOf(369, 'SOMETHING_NEW')).toBe('other');
  });
});

describe('commission', () => {
  it('has a commission for every lender of the panel, within the register limit', () => {
    for (const lender of lenderPanel) {
      expect(lender.id in lenderCommissionPercent, lender.id).toBe(true);
      expect(commissionPercentOf(lender.id)).toBeGreaterThan(0);
      expect(commissionPercentOf(lender.id)).toBeLessThanOrEqual(10);
    }
    expect(commissionPercentOf('unknown')).toBe(0);
    expect(commissionAmount(100_000, 2.5)).toBe(2_500);
    expect(commissionAmount(33_333, 3)).toBe(1_000);
  });

  it("discloses the lender's own figure for the product, else its default", () => {
    const lender = { commissionPercent: 2.5, commissionTable: { CreditCard: 1.2, SecuredLoan: 0 } };
    expect(commissionPercentFor(lender, 'CreditCard')).toBe(1.2);
    // Zero in the table is a figure (the lender pays nothing for it), not a missing one.
    expect(commissionPercentFor(lender, 'SecuredLoan')).toBe(0);
    expect(commissionPercentFor(lender, 'UnsecuredLoan')).toBe(2.5);
  });
});

describe('ranking', () => {
  const a = offer('a', 'Alfa', 12_000, 9.1, 2_100);
  const b = offer('b', 'Beta', 11_500, 9.4, 2_200);
  const c = offer('c', 'Gamma', 11_500, 9.2, 2_250);

  it('ranks by total cost, then effective rate, then monthly payment, then name', () => {
    expect(rankOffers([a, b, c], 'totalCost').map((o) => o.ID)).toEqual(['c', 'b', 'a']);
    expect(rankOffers([a, b, c], 'effectiveRate').map((o) => o.ID)).toEqual(['a', 'c', 'b']);
    expect(rankOffers([a, b, c], 'monthlyPayment').map((o) => o.ID)).toEqual(['a', 'b', 'c']);
  });

  it('says which figure put the first offer first and by how much', () => {
    const ranked = rankOffers([a, b, c], 'totalCost');
    const explanation = explainRanking(ranked, 'totalCost');
    expect(explanation).toMatchObject({
      firstId: 'c',
      secondId: 'b',
      decidedBy: 'effectiveRate',
      tiedOn: ['totalCost'],
    });
    expect(explanation?.difference).toBeCloseTo(0.2);
    expect(explainRanking(rankOffers([a, b], 'totalCost'), 'totalCost')).toMatchObject({
      decidedBy: 'totalCost',
      difference: 500,
      tiedOn: [],
    });
    const twin = offer('d', 'Delta', 12_000, 9.1, 2_100);
    expect(explainRanking(rankOffers([twin, a], 'totalCost'), 'totalCost')).toMatchObject({
      firstId: 'a',
      decidedBy: 'lenderName',
    });
    expect(explainRanking([a], 'totalCost')).toBeNull();
  });
});
