import { annuityPayment, type FeeHandling, roundHalfUp } from './loan-math.ts';
import { norwayMaxDebtToIncome } from './norway-lending-rules.ts';

// Refinancing (issue 35 item 4, docs/decisions/0080): what the applicant's chosen debts cost them today,
// what an offer would cost instead, and whether the offer pays them all off. Pure figures with their basis
// stated, so the page can say what each number rests on: a saving shown on a guess is a misleading
// comparison (CCD2 art. 8 and the Nordic marketing laws ask for "clear, accurate" information).

/** A debt as the comparison reads it (the stored debt's figures). */
export interface RefinancingDebt {
  id: string;
  debtType: string;
  creditor: string | null;
  balance: number;
  creditLimit: number | null;
  monthlyPayment: number | null;
  /** Nominal yearly rate as a fraction (0.129 = 12.9 %), as the debt table stores it. */
  interestRate: number | null;
  remainingTermMonths: number | null;
  isRefinanced: boolean;
}

/**
 * What a debt's figures before rest on:
 *  - payment-and-term: the payment told and the months left told;
 *  - payment-and-rate: the payment told, the months left worked out from balance, rate and payment;
 *  - rate-and-term: the payment worked out as an annuity of the balance at the rate over the months left;
 *  - payment-only: the payment told, but neither rate nor term: no total cost can be worked out;
 *  - balance-only: only the balance: neither a monthly nor a total cost.
 */
export type DebtCostBasis =
  | 'payment-and-term'
  | 'payment-and-rate'
  | 'rate-and-term'
  | 'payment-only'
  | 'balance-only';

export interface DebtCostBefore {
  monthlyCost: number | null;
  /** Months until paid off at this payment; null when unknown or when the payment never pays it off. */
  months: number | null;
  /** Interest and fees still to pay if the debt runs on: monthly × months − balance. */
  totalCost: number | null;
  basis: DebtCostBasis;
}

/** Months for `payment` to pay off `balance` at `ratePercent` a year; null when it never does. */
export function monthsToPayOff(balance: number, ratePercent: number, payment: number): number | null {
  if (balance <= 0) return 0;
  if (payment <= 0) return null;
  const i = ratePercent / 100 / 12;
  if (i === 0) return Math.ceil(balance / payment);
  // The interest alone eats the payment: the debt never ends.
  if (payment <= balance * i) return null;
  // Less a hair: an exact annuity's months come out as 36.0000000001 in floating point.
  return Math.ceil(-Math.log(1 - (balance * i) / payment) / Math.log(1 + i) - 1e-9);
}

export function debtCostBefore(debt: RefinancingDebt): DebtCostBefore {
  const rate = debt.interestRate === null ? null : debt.interestRate * 100;
  const term =
    debt.remainingTermMonths !== null && debt.remainingTermMonths > 0 ? debt.remainingTermMonths : null;
  const payment = debt.monthlyPayment !== null && debt.monthlyPayment > 0 ? debt.monthlyPayment : null;
  const totalOf = (monthly: number, months: number | null) =>
    months === null ? null : Math.max(0, roundHalfUp(monthly * months - debt.balance, 0));
  if (payment !== null && term !== null)
    return {
      monthlyCost: payment,
      months: term,
      totalCost: totalOf(payment, term),
      basis: 'payment-and-term',
    };
  if (payment !== null && rate !== null) {
    const months = monthsToPayOff(debt.balance, rate, payment);
    return { monthlyCost: payment, months, totalCost: totalOf(payment, months), basis: 'payment-and-rate' };
  }
  if (rate !== null && term !== null) {
    const monthly = roundHalfUp(annuityPayment(debt.balance, rate, term), 0);
    return { monthlyCost: monthly, months: term, totalCost: totalOf(monthly, term), basis: 'rate-and-term' };
  }
  if (payment !== null) return { monthlyCost: payment, months: null, totalCost: null, basis: 'payment-only' };
  return { monthlyCost: null, months: null, totalCost: null, basis: 'balance-only' };
}

/** An offer's figures, as the quote carries them (the monthly payment includes the monthly fee). */
export interface RefinancingOffer {
  amount: number;
  durationMonths: number;
  monthlyPayment: number;
  totalCost: number;
  startupFee: number;
  feeHandling: FeeHandling;
}

export interface RefinancingBefore {
  /** The chosen debts' balances together: what the new loan must pay out to the creditors. */
  balance: number;
  /** Sum of the monthly costs that are known; `monthlyComplete` says whether every debt's is. */
  monthlyCost: number;
  monthlyComplete: boolean;
  totalCost: number;
  totalComplete: boolean;
  debts: { id: string; cost: DebtCostBefore }[];
}

export interface RefinancingAfter {
  monthlyCost: number;
  totalCost: number;
  /** What the lender pays out: the amount, less an upfront startup fee (ADR 0004). */
  payout: number;
  /** Whether the payout pays every chosen debt off. */
  coversChosenDebts: boolean;
  /** What the payout lacks to pay them all (0 when it covers them). */
  shortfall: number;
  /** What is left for the applicant once the creditors are paid. */
  toApplicant: number;
  /** Before − after, a month; null when a chosen debt's monthly cost is unknown. */
  monthlySaving: number | null;
  /** Before − after, in total; null when a chosen debt's total cost is unknown. */
  totalSaving: number | null;
}

export function refinancingBefore(debts: readonly RefinancingDebt[]): RefinancingBefore {
  const chosen = debts.filter((debt) => debt.isRefinanced);
  const costs = chosen.map((debt) => ({ id: debt.id, cost: debtCostBefore(debt) }));
  const sum = (values: (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
  return {
    balance: sum(chosen.map((debt) => debt.balance)),
    monthlyCost: sum(costs.map((entry) => entry.cost.monthlyCost)),
    monthlyComplete: costs.every((entry) => entry.cost.monthlyCost !== null),
    totalCost: sum(costs.map((entry) => entry.cost.totalCost)),
    totalComplete: costs.every((entry) => entry.cost.totalCost !== null),
    debts: costs,
  };
}

export function refinancingAfter(before: RefinancingBefore, offer: RefinancingOffer): RefinancingAfter {
  const payout = offer.amount - (offer.feeHandling === 'upfront' ? offer.startupFee : 0);
  const monthlyCost = roundHalfUp(offer.monthlyPayment, 0);
  const totalCost = roundHalfUp(offer.totalCost, 0);
  return {
    monthlyCost,
    totalCost,
    payout,
    coversChosenDebts: payout >= before.balance,
    shortfall: Math.max(0, before.balance - payout),
    toApplicant: Math.max(0, payout - before.balance),
    monthlySaving: before.monthlyComplete ? roundHalfUp(before.monthlyCost - monthlyCost, 0) : null,
    totalSaving: before.totalComplete ? roundHalfUp(before.totalCost - totalCost, 0) : null,
  };
}

// ── Norway: unused card limits ───────────────────────────────────────────────────────────────────────

/**
 * utlånsforskriften § 15 counts a credit card's whole limit as debt, used or not (Finanstilsynet's
 * circular on the regulation; Gjeldsregisteret reports the limit for that reason). A card that stays open
 * counts its limit even when the new loan pays its balance off; cancelling it removes it.
 */
export interface CardLimitFlag {
  debtId: string;
  creditor: string | null;
  creditLimit: number;
  balance: number;
  /** The limit not drawn today. */
  unused: number;
  /** What cancelling this card takes off the debt counted: the unused limit, or the whole limit when the new loan pays its balance. */
  debtRemovedByCancelling: number;
  debtRatioIfCancelled: number | null;
}

export interface CardLimitReport {
  /** Debt counted after the new loan: debts that stay, cards at their limit, the new loan. */
  countedDebt: number;
  /** countedDebt ÷ gross yearly income; null without an income. */
  debtRatio: number | null;
  debtRatioLimit: number;
  cards: CardLimitFlag[];
  debtRatioIfAllCancelled: number | null;
}

const isCard = (debt: RefinancingDebt) => debt.debtType === 'CreditCard';

/** Null when no card has an unused limit. */
export function norwayCardLimitReport(input: {
  debts: readonly RefinancingDebt[];
  loanAmount: number;
  grossYearlyIncome: number | null;
}): CardLimitReport | null {
  const counted = (debt: RefinancingDebt) => {
    if (isCard(debt) && debt.creditLimit !== null)
      return debt.isRefinanced ? debt.creditLimit : Math.max(debt.balance, debt.creditLimit);
    return debt.isRefinanced ? 0 : debt.balance;
  };
  const countedDebt = input.debts.reduce((sum, debt) => sum + counted(debt), 0) + input.loanAmount;
  const income =
    input.grossYearlyIncome !== null && input.grossYearlyIncome > 0 ? input.grossYearlyIncome : null;
  const ratio = (debt: number) => (income === null ? null : roundHalfUp(debt / income, 2));
  const cards = input.debts
    .filter(
      (debt) =>
        isCard(debt) &&
        debt.creditLimit !== null &&
        debt.creditLimit > (debt.isRefinanced ? 0 : debt.balance),
    )
    .map((debt): CardLimitFlag => {
      const limit = debt.creditLimit ?? 0;
      const removed = debt.isRefinanced ? limit : limit - debt.balance;
      return {
        debtId: debt.id,
        creditor: debt.creditor,
        creditLimit: limit,
        balance: debt.balance,
        unused: Math.max(0, limit - debt.balance),
        debtRemovedByCancelling: removed,
        debtRatioIfCancelled: ratio(countedDebt - removed),
      };
    });
  if (cards.length === 0) return null;
  const allRemoved = cards.reduce((sum, card) => sum + card.debtRemovedByCancelling, 0);
  return {
    countedDebt,
    debtRatio: ratio(countedDebt),
    debtRatioLimit: norwayMaxDebtToIncome,
    cards,
    debtRatioIfAllCancelled: ratio(countedDebt - allRemoved),
  };
}
