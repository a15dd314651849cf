import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands/registry.ts';
import { preCheck } from '../pre-check.ts';
import { annuityPayment } from './loan-math.ts';
import { norwayLendingRules, norwayLendingRulesForApplication } from './norway-lending-rules.ts';

// utlånsforskriften §§ 14–15 (docs/decisions/0036): debt ≤ 5 × gross income; payments on all debt at the
// rate + 3 points (at least 7 %) must leave room for living costs.

const base = {
  amount: 200_000,
  durationMonths: 60,
  nominalRate: 12,
  grossYearlyIncome: 600_000,
  netMonthlyIncome: 38_000,
  existingDebtBalance: 0,
  existingDebtMonthlyPayments: 0,
  adults: 1,
  housingCostMonthly: 9_000,
};

describe('norwayLendingRules', () => {
  it('passes a loan within both rules and shows the figures', () => {
    const result = norwayLendingRules(base);
    expect(result.DebtCeiling).toBe(3_000_000);
    expect(result.TotalDebtAfterLoan).toBe(200_000);
    expect(result.StressedRate).toBe(15);
    expect(result.StressedMonthlyCost).toBe(Math.round(annuityPayment(200_000, 15, 60)));
    expect(result.LivingCostMonthly).toBe(12_000 + 9_000);
    expect(result.MonthlySurplusAfterStress).toBe(38_000 - 21_000 - result.StressedMonthlyCost);
    expect(result.Breaches).toEqual([]);
    expect(result.Affordable).toBe(true);
  });

  it('flags debt above 5 × gross yearly income (existing debt counts)', () => {
    const result = norwayLendingRules({ ...base, existingDebtBalance: 2_900_000, netMonthlyIncome: 200_000 });
    expect(result.TotalDebtAfterLoan).toBe(3_100_000);
    expect(result.DebtWithinCeiling).toBe(false);
    expect(result.Breaches).toEqual(['DEBT_TO_INCOME']);
    // The most that fits under the ceiling.
    expect(result.MaxAmountWithinRules).toBe(100_000);
  });

  it('stresses all debt by 3 points and the new loan at least at 7 %', () => {
    expect(norwayLendingRules({ ...base, nominalRate: 2 }).StressedRate).toBe(7);
    const withDebt = norwayLendingRules({
      ...base,
      existingDebtBalance: 120_000,
      existingDebtMonthlyPayments: 2_000,
    });
    // 3 % of 120 000 a year is 300 a month on top of today's 2 000.
    expect(withDebt.StressedMonthlyCost).toBe(Math.round(2_300 + annuityPayment(200_000, 15, 60)));
  });

  it('flags a loan whose stressed payments leave too little to live on, and says what would fit', () => {
    const result = norwayLendingRules({ ...base, netMonthlyIncome: 24_000 });
    expect(result.Affordable).toBe(false);
    expect(result.Breaches).toEqual(['AFFORDABILITY']);
    expect(result.MaxAmountWithinRules).toBeLessThan(200_000);
    expect(result.MaxAmountWithinRules).toBeGreaterThan(0);
    // The largest amount passes; a thousand more does not.
    const atMax = norwayLendingRules({
      ...base,
      netMonthlyIncome: 24_000,
      amount: result.MaxAmountWithinRules,
    });
    expect(atMax.Breaches).toEqual([]);
    const above = norwayLendingRules({
      ...base,
      netMonthlyIncome: 24_000,
      amount: result.MaxAmountWithinRules + 1_000,
    });
    expect(above.Breaches).toEqual(['AFFORDABILITY']);
  });

  it('counts a second adult’s living costs', () => {
    expect(norwayLendingRules({ ...base, adults: 2 }).LivingCostMonthly).toBe(24_000 + 9_000);
  });
});

describe('preCheck with the Norwegian rules', () => {
  const answers = {
    Brand: 'no-main' as const,
    Product: 'UnsecuredLoan' as const,
    Amount: 150_000,
    Duration: 5,
    Age: 40,
    EmploymentType: 'Permanent' as const,
    GrossYearlyIncome: 650_000,
    NetMonthlyIncome: 38_000,
    DebtBalance: 50_000,
    DebtMonthlyPayments: 1_500,
    HasPaymentRemarks: false,
    CoApplicantGrossYearlyIncome: null,
  };
  const brand = getBrand('no-main');

  it('shows the figures on a Norwegian pre-check and none elsewhere', () => {
    const result = preCheck(brand, answers, 1);
    expect(result.LendingRules?.DebtCeiling).toBe(3_250_000);
    expect(result.LendingRules?.Breaches).toEqual([]);
    const swedish = preCheck(getBrand('se-main'), { ...answers, Brand: 'se-main' }, 1);
    expect(swedish.LendingRules).toBeNull();
  });

  it('says unlikely with the rule first when the loan breaks utlånsforskriften', () => {
    const result = preCheck(brand, { ...answers, NetMonthlyIncome: 22_000 }, 1);
    expect(result.Outcome).toBe('unlikely');
    expect(result.Reasons[0]).toBe('AFFORDABILITY');
    expect(result.IndicativeOffers).toEqual([]);
    const indebted = preCheck(brand, { ...answers, DebtBalance: 3_200_000, NetMonthlyIncome: 90_000 }, 1);
    expect(indebted.Reasons[0]).toBe('DEBT_TO_INCOME');
  });
});

describe('norwayLendingRulesForApplication (the staff 360° view)', () => {
  const application = {
    country: 'NO',
    amount: 200_000,
    duration: 5,
    applicants: [
      { grossYearlyIncome: 500_000, netMonthlyIncome: 30_000, housingCostMonthly: 10_000 },
      { grossYearlyIncome: 300_000, netMonthlyIncome: 20_000, housingCostMonthly: 6_000 },
    ],
    debts: [
      { balance: 100_000, monthlyPayment: 2_500, isRefinanced: true },
      { balance: 50_000, monthlyPayment: 1_000, isRefinanced: false },
    ],
  };

  it('adds both applicants’ incomes, counts only debt that stays and one household', () => {
    const result = norwayLendingRulesForApplication(application, 12)!;
    expect(result.DebtCeiling).toBe(4_000_000);
    expect(result.TotalDebtAfterLoan).toBe(250_000);
    expect(result.LivingCostMonthly).toBe(2 * 12_000 + 10_000);
  });

  it('is null outside Norway or while the amount or income is missing', () => {
    expect(norwayLendingRulesForApplication({ ...application, country: 'SE' }, 12)).toBeNull();
    expect(norwayLendingRulesForApplication({ ...application, amount: null }, 12)).toBeNull();
    expect(
      norwayLendingRulesForApplication(
        {
          ...application,
          applicants: [{ grossYearlyIncome: null, netMonthlyIncome: null, housingCostMonthly: null }],
        },
        12,
      ),
    ).toBeNull();
  });
});
