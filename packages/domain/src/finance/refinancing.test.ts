import { describe, expect, it } from 'vitest';
import { annuityPayment } from './loan-math.ts';
import {
  debtCostBefore,
  monthsToPayOff,
  norwayCardLimitReport,
  type RefinancingDebt,
  refinancingAfter,
  refinancingBefore,
} from './refinancing.ts';

const debt = (overrides: Partial<RefinancingDebt>): RefinancingDebt => ({
  id: 'd',
  debtType: 'Unsecured',
  creditor: 'Bank',
  balance: 50_000,
  creditLimit: null,
  monthlyPayment: null,
  interestRate: null,
  remainingTermMonths: null,
  isRefinanced: true,
  ...overrides,
});

describe('monthsToPayOff', () => {
  it('inverts the annuity', () => {
    const payment = annuityPayment(50_000, 18, 36);
    expect(monthsToPayOff(50_000, 18, payment)).toBe(36);
  });
  it('0 % divides; a payment below the interest never ends', () => {
    expect(monthsToPayOff(10_000, 0, 1_000)).toBe(10);
    expect(monthsToPayOff(100_000, 24, 2_000)).toBeNull();
  });
});

describe('debtCostBefore: the basis follows what is known', () => {
  it('payment and term told', () => {
    expect(debtCostBefore(debt({ monthlyPayment: 2_000, remainingTermMonths: 30 }))).toEqual({
      monthlyCost: 2_000,
      months: 30,
      totalCost: 10_000,
      basis: 'payment-and-term',
    });
  });
  it('payment and rate: months worked out', () => {
    const cost = debtCostBefore(debt({ balance: 20_000, monthlyPayment: 1_000, interestRate: 0.2 }));
    expect(cost.basis).toBe('payment-and-rate');
    expect(cost.months).toBe(monthsToPayOff(20_000, 20, 1_000));
    expect(cost.totalCost).toBe(1_000 * (cost.months ?? 0) - 20_000);
  });
  it('rate and term: the annuity', () => {
    const cost = debtCostBefore(debt({ interestRate: 0.12, remainingTermMonths: 24 }));
    expect(cost.basis).toBe('rate-and-term');
    expect(cost.monthlyCost).toBe(Math.round(annuityPayment(50_000, 12, 24)));
  });
  it('payment only: no total; balance only: nothing', () => {
    expect(debtCostBefore(debt({ monthlyPayment: 1_500 }))).toMatchObject({
      monthlyCost: 1_500,
      totalCost: null,
      basis: 'payment-only',
    });
    expect(debtCostBefore(debt({}))).toMatchObject({ monthlyCost: null, basis: 'balance-only' });
  });
});

describe('before and after', () => {
  const debts = [
    debt({ id: 'a', balance: 40_000, monthlyPayment: 1_800, remainingTermMonths: 30 }),
    debt({ id: 'b', debtType: 'CreditCard', balance: 20_000, monthlyPayment: 1_000, interestRate: 0.22 }),
    debt({ id: 'c', balance: 99_000, monthlyPayment: 3_000, isRefinanced: false }),
  ];
  const before = refinancingBefore(debts);

  it('only the chosen debts count', () => {
    expect(before.balance).toBe(60_000);
    expect(before.monthlyCost).toBe(2_800);
    expect(before.monthlyComplete).toBe(true);
    expect(before.totalComplete).toBe(true);
    expect(before.debts.map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  it('an offer that covers: savings and the rest to the applicant', () => {
    const after = refinancingAfter(before, {
      amount: 70_000,
      durationMonths: 60,
      monthlyPayment: 1_600.4,
      totalCost: 26_000,
      startupFee: 950,
      feeHandling: 'financed',
    });
    expect(after).toMatchObject({
      coversChosenDebts: true,
      shortfall: 0,
      toApplicant: 10_000,
      monthlySaving: 1_200,
    });
    expect(after.totalSaving).toBe(before.totalCost - 26_000);
  });

  it('an upfront fee comes off the payout: 60 000 less 950 does not cover 60 000', () => {
    const after = refinancingAfter(before, {
      amount: 60_000,
      durationMonths: 60,
      monthlyPayment: 1_400,
      totalCost: 20_000,
      startupFee: 950,
      feeHandling: 'upfront',
    });
    expect(after).toMatchObject({ coversChosenDebts: false, shortfall: 950, toApplicant: 0, payout: 59_050 });
  });

  it('no saving is claimed on an unknown figure', () => {
    const partial = refinancingBefore([debt({ monthlyPayment: 1_000 })]);
    const after = refinancingAfter(partial, {
      amount: 60_000,
      durationMonths: 60,
      monthlyPayment: 900,
      totalCost: 9_000,
      startupFee: 0,
      feeHandling: 'financed',
    });
    expect(after.monthlySaving).toBe(100);
    expect(after.totalSaving).toBeNull();
  });
});

describe('norwayCardLimitReport (utlånsforskriften § 15: the whole limit is debt)', () => {
  it('an open card counts at its limit; cancelling takes the unused part off', () => {
    const report = norwayCardLimitReport({
      debts: [
        debt({ id: 'loan', balance: 100_000, isRefinanced: false }),
        debt({
          id: 'card',
          debtType: 'CreditCard',
          balance: 10_000,
          creditLimit: 50_000,
          isRefinanced: false,
        }),
      ],
      loanAmount: 200_000,
      grossYearlyIncome: 100_000,
    });
    expect(report?.countedDebt).toBe(350_000);
    expect(report?.debtRatio).toBe(3.5);
    expect(report?.debtRatioLimit).toBe(5);
    expect(report?.cards).toEqual([
      expect.objectContaining({
        debtId: 'card',
        unused: 40_000,
        debtRemovedByCancelling: 40_000,
        debtRatioIfCancelled: 3.1,
      }),
    ]);
  });

  it('a refinanced card still counts its limit until it is cancelled', () => {
    const report = norwayCardLimitReport({
      debts: [debt({ id: 'card', debtType: 'CreditCard', balance: 30_000, creditLimit: 30_000 })],
      loanAmount: 30_000,
      grossYearlyIncome: 12_000,
    });
    expect(report?.countedDebt).toBe(60_000);
    expect(report?.debtRatio).toBe(5);
    expect(report?.cards[0]).toMatchObject({
      unused: 0,
      debtRemovedByCancelling: 30_000,
      debtRatioIfCancelled: 2.5,
    });
    expect(report?.debtRatioIfAllCancelled).toBe(2.5);
  });

  it('nothing to flag: a full card that stays, or no cards', () => {
    expect(
      norwayCardLimitReport({
        debts: [debt({ debtType: 'CreditCard', balance: 5_000, creditLimit: 5_000, isRefinanced: false })],
        loanAmount: 1,
        grossYearlyIncome: 1,
      }),
    ).toBeNull();
    expect(norwayCardLimitReport({ debts: [], loanAmount: 1, grossYearlyIncome: 1 })).toBeNull();
  });

  it('no income: the ratios are unknown, the cards still flagged', () => {
    const report = norwayCardLimitReport({
      debts: [debt({ debtType: 'CreditCard', balance: 0, creditLimit: 20_000, isRefinanced: false })],
      loanAmount: 10_000,
      grossYearlyIncome: null,
    });
    expect(report?.debtRatio).toBeNull();
    expect(report?.cards[0]?.debtRatioIfCancelled).toBeNull();
  });
});
