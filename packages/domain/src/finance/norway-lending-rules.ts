import type { BrandConfig } from '../brands/brand-config.schema.ts';
import { annuityPayment, roundHalfUp } from './loan-math.ts';

// The Norwegian lending rules every lender in Norway must follow (issue 13 item 9, docs/decisions/0036), as
// one pure calculation the pre-check shows before applying and the staff 360° view shows on an application.
//
// Legal source: utlånsforskriften (forskrift om krav til finansforetakenes utlånspraksis for lån med pant i
// bolig og forbrukslån, FOR-2020-12-09-2648), for forbrukslån §§ 14–15 (the same tests as §§ 4–5 for
// mortgages), as regulation.md "Country rules" states them:
//  - § 15 (gjeld/inntekt): the borrower's total debt may be at most 5 × gross yearly income;
//  - § 14 (betjeningsevne): the borrower must be able to pay normal living costs if the interest on ALL debt
//    rises by 3 percentage points, tested at a rate of at least 7 %.
// The figures below are the regulation's; the living-cost allowance is OUR CHOICE (ADR 0036), a rounded
// SIFO reference budget, because the regulation says "normal living costs" without a figure.

/** utlånsforskriften § 15: total debt at most this many times gross yearly income. */
export const norwayMaxDebtToIncome = 5;
/** utlånsforskriften § 14: the interest rise the payments must survive, in percentage points. */
export const norwayStressAddOnPoints = 3;
/** regulation.md: the stressed rate is at least this (percent). */
export const norwayMinimumStressedRate = 7;
/** OUR CHOICE (ADR 0036): living costs per adult a month before housing (SIFO reference budget, rounded). */
export const norwayLivingCostPerAdultMonthly = 12_000;
/** OUR CHOICE (ADR 0036): housing cost a month when the applicant has not told it (pre-check). */
export const norwayAssumedHousingCostMonthly = 8_000;

export interface NorwayLendingRulesInput {
  /** The new loan and its term. */
  amount: number;
  durationMonths: number;
  /** The nominal yearly rate the new loan is priced at (percent), before the stress. */
  nominalRate: number;
  /** All borrowers' gross yearly income together. */
  grossYearlyIncome: number;
  /** All borrowers' net monthly income together. */
  netMonthlyIncome: number;
  /** Debt that stays after the loan (refinanced debt excluded), and what is paid on it a month today. */
  existingDebtBalance: number;
  existingDebtMonthlyPayments: number;
  adults: number;
  /** The household's housing cost a month; null when not told (the assumed figure is used). */
  housingCostMonthly: number | null;
}

export interface NorwayLendingRulesResult {
  /** 5 × gross yearly income. */
  DebtCeiling: number;
  /** Existing debt + the new loan. */
  TotalDebtAfterLoan: number;
  DebtWithinCeiling: boolean;
  /** The rate the new loan is tested at: max(rate + 3, 7). */
  StressedRate: number;
  /** Payments a month on all debt with the interest 3 points higher. */
  StressedMonthlyCost: number;
  /** Living costs a month the income must carry first (allowance per adult + housing). */
  LivingCostMonthly: number;
  /** Net income − living costs − stressed payments; negative means not affordable. */
  MonthlySurplusAfterStress: number;
  Affordable: boolean;
  /** The largest loan of this term that passes both rules (whole thousands), 0 when none does. */
  MaxAmountWithinRules: number;
  /** The rules the loan breaks, in the pre-check's reason codes; empty when it passes both. */
  Breaches: ('DEBT_TO_INCOME' | 'AFFORDABILITY')[];
}

/** The largest principal whose annuity at `ratePercent` over `months` is at most `payment`. */
function principalFor(payment: number, ratePercent: number, months: number): number {
  if (payment <= 0) return 0;
  const monthlyRate = ratePercent / 12 / 100;
  if (monthlyRate === 0) return payment * months;
  return (payment * (1 - (1 + monthlyRate) ** -months)) / monthlyRate;
}

export function stressedNorwayRate(nominalRate: number): number {
  return Math.max(nominalRate + norwayStressAddOnPoints, norwayMinimumStressedRate);
}

export function norwayLendingRules(input: NorwayLendingRulesInput): NorwayLendingRulesResult {
  const debtCeiling = norwayMaxDebtToIncome * input.grossYearlyIncome;
  const totalDebt = input.existingDebtBalance + input.amount;
  const stressedRate = stressedNorwayRate(input.nominalRate);
  // Existing debt's rate is rarely known: its payments today, plus 3 points of interest on its balance.
  const stressedExisting =
    input.existingDebtMonthlyPayments + (input.existingDebtBalance * norwayStressAddOnPoints) / 100 / 12;
  const stressedNew = input.amount > 0 ? annuityPayment(input.amount, stressedRate, input.durationMonths) : 0;
  const livingCost =
    Math.max(1, input.adults) * norwayLivingCostPerAdultMonthly +
    (input.housingCostMonthly ?? norwayAssumedHousingCostMonthly);
  const roomBeforeLoan = input.netMonthlyIncome - livingCost - stressedExisting;
  const surplus = roomBeforeLoan - stressedNew;
  const maxByDebt = debtCeiling - input.existingDebtBalance;
  const maxByAffordability = principalFor(roomBeforeLoan, stressedRate, input.durationMonths);
  const maxAmount = Math.max(0, Math.floor(Math.min(maxByDebt, maxByAffordability) / 1000) * 1000);
  const breaches: NorwayLendingRulesResult['Breaches'] = [];
  if (totalDebt > debtCeiling) breaches.push('DEBT_TO_INCOME');
  if (surplus < 0) breaches.push('AFFORDABILITY');
  return {
    DebtCeiling: debtCeiling,
    TotalDebtAfterLoan: totalDebt,
    DebtWithinCeiling: totalDebt <= debtCeiling,
    StressedRate: roundHalfUp(stressedRate, 2),
    StressedMonthlyCost: roundHalfUp(stressedExisting + stressedNew, 0),
    LivingCostMonthly: livingCost,
    MonthlySurplusAfterStress: roundHalfUp(surplus, 0),
    Affordable: surplus >= 0,
    MaxAmountWithinRules: maxAmount,
    Breaches: breaches,
  };
}

/** The top of a brand's advertised rate band: an indication should not count on the best price. */
export function brandRateCeiling(brand: BrandConfig): number {
  const rates = brand.unsecuredLoan.rates;
  const low = rates.low ?? rates.min ?? rates.interest ?? 0;
  return Math.max(low, rates.high ?? rates.mid ?? low);
}

export interface ApplicationForLendingRules {
  country: string;
  amount: number | null;
  /** Whole years. */
  duration: number | null;
  applicants: {
    grossYearlyIncome: number | null;
    netMonthlyIncome: number | null;
    housingCostMonthly: number | null;
  }[];
  debts: { balance: number | null; monthlyPayment: number | null; isRefinanced: boolean | null }[];
}

/**
 * The same two rules on a filed application (the staff 360° view): all applicants' income, the debt that
 * stays (refinanced debt is paid off by the loan), the household's housing cost. Null outside Norway or
 * while the application lacks the amount, the term or an income.
 */
export function norwayLendingRulesForApplication(
  application: ApplicationForLendingRules,
  nominalRate: number,
): NorwayLendingRulesResult | null {
  if (application.country !== 'NO' || !application.amount || !application.duration) return null;
  const incomes = application.applicants.filter((applicant) => applicant.grossYearlyIncome !== null);
  if (incomes.length === 0) return null;
  const staying = application.debts.filter((debt) => !debt.isRefinanced);
  const housing = application.applicants
    .map((applicant) => applicant.housingCostMonthly)
    .filter((cost): cost is number => cost !== null);
  return norwayLendingRules({
    amount: application.amount,
    durationMonths: application.duration * 12,
    nominalRate,
    grossYearlyIncome: incomes.reduce((sum, applicant) => sum + (applicant.grossYearlyIncome ?? 0), 0),
    netMonthlyIncome: incomes.reduce((sum, applicant) => sum + (applicant.netMonthlyIncome ?? 0), 0),
    existingDebtBalance: staying.reduce((sum, debt) => sum + (debt.balance ?? 0), 0),
    existingDebtMonthlyPayments: staying.reduce((sum, debt) => sum + (debt.monthlyPayment ?? 0), 0),
    adults: application.applicants.length,
    // One household: the larger housing cost told, not the two added (they usually share a home).
    housingCostMonthly: housing.length > 0 ? Math.max(...housing) : null,
  });
}
