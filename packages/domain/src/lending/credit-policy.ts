import type { ApplicantRole, Country, Currency, LoanKind, Product } from '../enums.ts';
import { norwayMaxUnsecuredTermMonths, norwayTermCappedProducts } from '../finance/caps.ts';
import { annuityPayment } from '../finance/loan-math.ts';
import type { FinerStatusCode } from '../statuses.ts';
import { type LenderProfile, startupFeeFor } from './lender-panel.ts';
import {
  classifyOffer,
  type LenderOffer,
  openEndCreditAssumedMonths,
  type RefinancedDebt,
} from './offer-figures.ts';
import { seededDraw } from './seeded-random.ts';

// Credit policy, risk-based pricing and the decision of a simulated lender, as pure functions of the
// application as the lender sees it. Figures are OUR CHOICE (ADR 0009); the rules they apply are the
// ones Nordic lenders apply: income and age limits, payment remarks, debt-to-income (Norway: at most
// 5 × gross yearly income, regulation.md), affordability at a stressed rate (Norway: the rate + 3 points,
// at least 7 %, regulation.md), a co-applicant above an amount, and the country caps.

/** One applicant as a lender sees it. */
export interface LenderApplicant {
  role: ApplicantRole;
  age: number | null;
  grossYearlyIncome: number | null;
  netMonthlyIncome: number | null;
  employmentType: string | null;
  housingCostMonthly: number | null;
  hasPaymentRemarks: boolean;
  hasNationalId: boolean;
  hasAddress: boolean;
  /** The net monthly income is the one read from the bank account (ADR 0076); absent: not verified. */
  incomeVerifiedFromBankData?: boolean;
}

export interface LenderDebt {
  type: string;
  balance: number;
  monthlyPayment: number | null;
  isRefinanced: boolean;
  creditor: string | null;
  /** Nominal yearly rate in percent, when known. */
  interestRatePercent: number | null;
  remainingTermMonths: number | null;
  /** A refinanced debt's payoff instruction (ADR 0080): our debt id, the creditor's account and reference. */
  payoff?: {
    debtReference: string;
    account: string;
    accountKind: 'no-account' | 'bankgiro' | 'plusgiro' | 'iban' | 'dk-account' | 'fik';
    paymentReference: string;
  };
}

/** What a lender receives: the application, its applicants and debts, and the brand's rate band. */
export interface LenderApplication {
  /** Stable key for the seeded draws (the same application always gets the same answers). */
  randomnessKey: string;
  country: Country;
  currency: Currency;
  product: Product;
  amount: number;
  /** Requested term in months; for a credit card the CCD Annex I assumption of 12. */
  durationMonths: number;
  purpose: string | null;
  applicants: LenderApplicant[];
  debts: LenderDebt[];
  /** The brand's rate band for the product, percent (spec §9 low/high). */
  rateBand: { low: number; high: number };
  /** The same person already has an open request at this lender through another application. */
  isDuplicateAtLender: boolean;
  /**
   * Secured loans: the property the loan is secured on — the value lenders lend against (the register's,
   * or the applicant's until a valuation confirms it) and a cooperative flat's share of common debt.
   */
  property?: { value: number; cooperativeCommonDebt: number } | null;
}

// ── Registration ─────────────────────────────────────────────────────────────────────────────────

export type RegistrationOutcome =
  | { registered: true }
  | { registered: false; code: FinerStatusCode; reasonCode: string; reason: string };

const refused = (code: FinerStatusCode, reasonCode: string, reason: string): RegistrationOutcome => ({
  registered: false,
  code,
  reasonCode,
  reason,
});

function applicantFilter(profile: LenderProfile, applicant: LenderApplicant): string | undefined {
  if (applicant.age === null || applicant.age < profile.minAge || applicant.age > profile.maxAge) {
    return `age outside ${profile.minAge}–${profile.maxAge}`;
  }
  if (applicant.employmentType && profile.refusedEmploymentTypes.includes(applicant.employmentType)) {
    return `employment type ${applicant.employmentType} not accepted`;
  }
  return undefined;
}

/**
 * Whether the lender takes the application in (§4 request codes 251 or 261–269): PID and address errors,
 * bank disabled, bank filter on product/amount/term and the main applicant, the co-applicant filter, and
 * payment remarks for lenders that refuse them (credit score).
 */
export function registrationOutcome(
  profile: LenderProfile,
  application: LenderApplication,
): RegistrationOutcome {
  if (profile.disabled) return refused(265, 'BANK_DISABLED', 'The lender is switched off');
  const main = application.applicants.find((applicant) => applicant.role === 'MainApplicant');
  if (!main || application.applicants.some((applicant) => !applicant.hasNationalId)) {
    return refused(261, 'PID_ERROR', 'An applicant has no valid national identity number');
  }
  if (application.applicants.some((applicant) => !applicant.hasAddress)) {
    return refused(262, 'ADDRESS_ERROR', 'An applicant has no address');
  }
  if (profile.country !== application.country || !profile.products.includes(application.product)) {
    return refused(266, 'BANK_FILTER_PRODUCT', 'The lender does not offer this product here');
  }
  if (application.amount < profile.amount.min) {
    return refused(266, 'BANK_FILTER_AMOUNT', `Amount below the lender's minimum ${profile.amount.min}`);
  }
  if (application.durationMonths < profile.durationMonths.min) {
    return refused(
      266,
      'BANK_FILTER_TERM',
      `Term below the lender's minimum ${profile.durationMonths.min} months`,
    );
  }
  if (
    application.product === 'SecuredLoan' &&
    (!application.property || profile.maxLoanToValuePercent === null)
  ) {
    return refused(266, 'BANK_FILTER_PROPERTY', 'A secured loan needs a property the lender lends against');
  }
  const mainProblem = applicantFilter(profile, main);
  if (mainProblem) return refused(266, 'BANK_FILTER_APPLICANT', `Main applicant: ${mainProblem}`);
  if ((main.grossYearlyIncome ?? 0) < profile.minGrossYearlyIncome) {
    return refused(
      266,
      'BANK_FILTER_INCOME',
      `Income below the lender's minimum ${profile.minGrossYearlyIncome}`,
    );
  }
  const coApplicant = application.applicants.find((applicant) => applicant.role === 'CoApplicant');
  if (coApplicant) {
    const problem = applicantFilter(profile, coApplicant);
    if (problem) return refused(267, 'BANK_FILTER_CO_APPLICANT', `Co-applicant: ${problem}`);
  }
  if (
    !profile.acceptsPaymentRemarks &&
    application.applicants.some((applicant) => applicant.hasPaymentRemarks)
  ) {
    return refused(
      264,
      'CREDIT_SCORE_PAYMENT_REMARKS',
      'The lender does not lend to applicants with payment remarks',
    );
  }
  return { registered: true };
}

// ── Risk and price ───────────────────────────────────────────────────────────────────────────────

const stableEmployment = ['Permanent', 'PermanentPublic', 'Pensioner'];
const lessStableEmployment = ['Temporary', 'Probationary', 'Project', 'Hourly', 'Entrepreneur', 'Farmer'];

export function combinedGrossYearlyIncome(application: LenderApplication): number {
  return application.applicants.reduce((sum, applicant) => sum + (applicant.grossYearlyIncome ?? 0), 0);
}

/** Net monthly income; where the applicant gave none, 70 % of gross as a simple tax estimate. */
export function combinedNetMonthlyIncome(application: LenderApplication): number {
  return application.applicants.reduce(
    (sum, applicant) => sum + (applicant.netMonthlyIncome ?? ((applicant.grossYearlyIncome ?? 0) * 0.7) / 12),
    0,
  );
}

function keptDebts(application: LenderApplication): LenderDebt[] {
  return application.debts.filter((debt) => !debt.isRefinanced);
}

/** Existing debt that stays after the loan (refinanced debts are paid off by it). */
export function remainingDebt(application: LenderApplication): number {
  return keptDebts(application).reduce((sum, debt) => sum + debt.balance, 0);
}

/** Monthly payments on debt that stays; where none is given, 2 % of the balance a month. */
export function remainingDebtPayments(application: LenderApplication): number {
  return keptDebts(application).reduce((sum, debt) => sum + (debt.monthlyPayment ?? debt.balance * 0.02), 0);
}

/**
 * A risk score in [0, 1] (0 best): debt-to-income after the loan, payment remarks, age, how stable the
 * employment is, and a co-applicant with income who shares the debt.
 */
export function riskScore(application: LenderApplication): number {
  const income = combinedGrossYearlyIncome(application);
  const debtToIncome = (remainingDebt(application) + application.amount) / Math.max(income, 1);
  let score = Math.min(debtToIncome / 6, 1) * 0.45;
  if (application.applicants.some((applicant) => applicant.hasPaymentRemarks)) score += 0.3;
  const main = application.applicants.find((applicant) => applicant.role === 'MainApplicant');
  if (main?.age !== null && main?.age !== undefined) {
    if (main.age < 25) score += 0.08;
    else if (main.age > 70) score += 0.05;
  }
  const employment = main?.employmentType ?? '';
  if (lessStableEmployment.includes(employment)) score += 0.1;
  else if (!stableEmployment.includes(employment)) score += 0.15;
  const coApplicant = application.applicants.find((applicant) => applicant.role === 'CoApplicant');
  if (coApplicant && (coApplicant.grossYearlyIncome ?? 0) > 0) score -= 0.08;
  // An income read from 12 months of the account (ADR 0076) is one the lender need not doubt or ask
  // payslips for: less risk, so a better price and more room under the lender's score limit.
  if (main?.incomeVerifiedFromBankData) score -= 0.05;
  return Math.min(1, Math.max(0, score));
}

/** Nominal rate in percent, two decimals, inside the brand's band: the lender's floor plus risk and noise. */
export function priceFor(profile: LenderProfile, application: LenderApplication, noiseDraw: number): number {
  const { low, high } = application.rateBand;
  const { floor, riskSlope, noise } = profile.pricing;
  const position = Math.min(
    1,
    Math.max(0, floor + riskSlope * riskScore(application) + noise * (2 * noiseDraw - 1)),
  );
  const rate = low + (high - low) * position;
  return Math.min(high, Math.max(low, Math.round(rate * 100) / 100));
}

/** Affordability is tested at a stressed rate: Norway the rate + 3 points, at least 7 % (regulation.md). */
export function stressedRate(country: Country, nominalRate: number): number {
  if (country === 'NO') return Math.max(nominalRate + 3, 7);
  return nominalRate + 2;
}

// ── Decision ─────────────────────────────────────────────────────────────────────────────────────

export const declineReasonCodes = [
  'DUPLICATE',
  'CO_APPLICANT_REQUIRED',
  'CREDIT_SCORE',
  'DEBT_TO_INCOME',
  'AFFORDABILITY',
  'COUNTRY_CAPS',
  'LOAN_TO_VALUE',
] as const;
export type DeclineReasonCode = (typeof declineReasonCodes)[number];

export type LenderDecision =
  | { kind: 'approved' | 'counter-offer'; offers: LenderOffer[] }
  | { kind: 'declined'; code: FinerStatusCode; reasonCode: DeclineReasonCode; reason: string };

const declined = (code: FinerStatusCode, reasonCode: DeclineReasonCode, reason: string): LenderDecision => ({
  kind: 'declined',
  code,
  reasonCode,
  reason,
});

/** Amounts are offered on a grid: 500 EUR, 5 000 in the crown currencies (the brands' slider steps, §9). */
export function amountStep(country: Country): number {
  return country === 'FI' ? 500 : 5_000;
}

/** The loan kind (§3): refinancing only, refinancing plus new money, a top-up at the same lender, or new credit. */
export function loanKindFor(
  profile: LenderProfile,
  application: LenderApplication,
  amount: number,
): LoanKind {
  const refinanced = application.debts.filter((debt) => debt.isRefinanced);
  if (refinanced.length > 0) {
    const balance = refinanced.reduce((sum, debt) => sum + debt.balance, 0);
    return amount <= balance ? 'Refinance' : 'Combo';
  }
  const ownDebt = application.debts.some(
    (debt) => debt.creditor !== null && debt.creditor.trim().toLowerCase() === profile.name.toLowerCase(),
  );
  return ownDebt ? 'Topup' : 'Consumer';
}

function refinancedDebtsOf(application: LenderApplication): RefinancedDebt[] {
  return application.debts
    .filter((debt) => debt.isRefinanced)
    .map((debt) => ({
      balance: debt.balance,
      interestRatePercent: debt.interestRatePercent,
      remainingTermMonths: debt.remainingTermMonths,
    }));
}

interface Terms {
  amount: number;
  durationMonths: number;
}

/**
 * The simulated lender's answer to a registered application: approved (the asked terms), counter-offer
 * (another amount or term), or declined with a reason code and the §4 request code (361 duplicate,
 * 363 add co-applicant, 369 other). Deterministic for a given seed.
 */
export function lenderDecision(
  profile: LenderProfile,
  application: LenderApplication,
  seed: number,
): LenderDecision {
  if (application.isDuplicateAtLender) {
    return declined(361, 'DUPLICATE', 'The applicant already has an open application with the lender');
  }
  const draw = (purpose: string) => seededDraw(seed, profile.id, purpose, application.randomnessKey);
  const score = riskScore(application);
  // A little of the decision is the lender's own model, which we cannot see: seeded noise on the cut-off.
  if (score + (draw('cutoff') - 0.5) * 0.1 > profile.pricing.maxRiskScore) {
    return declined(369, 'CREDIT_SCORE', 'The lender’s credit score is below its limit');
  }
  const hasCoApplicant = application.applicants.some((applicant) => applicant.role === 'CoApplicant');
  if (
    !hasCoApplicant &&
    profile.coApplicantRequiredAbove !== null &&
    application.amount > profile.coApplicantRequiredAbove
  ) {
    return declined(
      363,
      'CO_APPLICANT_REQUIRED',
      `Above ${profile.coApplicantRequiredAbove} the lender needs a co-applicant`,
    );
  }

  const isCard = application.product === 'CreditCard';
  const step = amountStep(application.country);
  const nominalRate = priceFor(profile, application, draw('price'));
  const termCapped =
    application.country === 'NO' &&
    norwayTermCappedProducts.includes(application.product) &&
    profile.fitsOffersToCaps;
  const maxMonths = (amount: number) => {
    if (isCard) return openEndCreditAssumedMonths;
    const kind = loanKindFor(profile, application, amount);
    // A Refinance may run longer if it is exempt; that is only known from its figures, checked below.
    return termCapped && kind !== 'Refinance'
      ? Math.min(profile.durationMonths.max, norwayMaxUnsecuredTermMonths)
      : profile.durationMonths.max;
  };

  let terms: Terms = {
    amount: Math.min(application.amount, profile.amount.max),
    durationMonths: isCard
      ? openEndCreditAssumedMonths
      : Math.min(
          Math.max(application.durationMonths, profile.durationMonths.min),
          maxMonths(application.amount),
        ),
  };

  // Secured loans: at most the lender's loan-to-value against the property (docs/decisions/0027).
  const property = application.property;
  if (application.product === 'SecuredLoan' && property && profile.maxLoanToValuePercent !== null) {
    const maxByValue =
      (profile.maxLoanToValuePercent / 100) * property.value - property.cooperativeCommonDebt;
    if (terms.amount > maxByValue) {
      const lowered = Math.floor(maxByValue / step) * step;
      if (profile.counterOffer !== 'lower-amount' || lowered < profile.amount.min) {
        return declined(
          369,
          'LOAN_TO_VALUE',
          `The loan would pass ${profile.maxLoanToValuePercent} % of the property's value`,
        );
      }
      terms = { ...terms, amount: lowered };
    }
  }

  // Debt-to-income: total debt after the loan at most maxDebtToIncome × gross yearly income.
  const income = combinedGrossYearlyIncome(application);
  const maxByDebtToIncome = profile.maxDebtToIncome * income - remainingDebt(application);
  if (terms.amount > maxByDebtToIncome) {
    const lowered = Math.floor(maxByDebtToIncome / step) * step;
    if (profile.counterOffer !== 'lower-amount' || lowered < profile.amount.min) {
      return declined(
        369,
        'DEBT_TO_INCOME',
        `Debt after the loan would pass ${profile.maxDebtToIncome} × income`,
      );
    }
    terms = { ...terms, amount: lowered };
  }

  // Affordability at the stressed rate.
  const netIncome = combinedNetMonthlyIncome(application);
  const otherPayments = remainingDebtPayments(application);
  const stressed = stressedRate(application.country, nominalRate);
  const affordable = (candidate: Terms) =>
    annuityPayment(candidate.amount, stressed, candidate.durationMonths) + otherPayments <=
    profile.maxDebtServiceRatio * netIncome;
  if (!affordable(terms)) {
    const fitted = fitAffordability(profile, terms, affordable, maxMonths, step, isCard);
    if (!fitted)
      return declined(369, 'AFFORDABILITY', 'The payments are more than the lender lets the income carry');
    terms = fitted;
  }

  const makeOffer = (candidate: Terms, offerType: LenderOffer['offerType']): LenderOffer => ({
    amount: candidate.amount,
    durationMonths: candidate.durationMonths,
    nominalRate,
    startupFee: startupFeeFor(profile, candidate.amount),
    monthlyFee: profile.fees.monthly,
    feeHandling: profile.fees.feeHandling,
    offerType,
    loanKind: loanKindFor(profile, application, candidate.amount),
  });

  let main = makeOffer(terms, 'Annuity');
  if (profile.fitsOffersToCaps) {
    const fitted = fitToCaps(main, application, profile);
    if (!fitted) return declined(369, 'COUNTRY_CAPS', 'No terms the lender offers fit the country caps');
    main = fitted;
  }
  const isAsked =
    main.amount === application.amount && (isCard || main.durationMonths === application.durationMonths);
  const offers = [main];
  if (profile.makesDualOffers && !isCard) {
    const longer = Math.min(main.durationMonths + 24, maxMonths(main.amount));
    if (longer > main.durationMonths) {
      let alternative: LenderOffer | undefined = makeOffer(
        { amount: main.amount, durationMonths: longer },
        'Dual Offer',
      );
      if (profile.fitsOffersToCaps) alternative = fitToCaps(alternative, application, profile);
      if (alternative && alternative.durationMonths > main.durationMonths) {
        main.offerType = 'Dual Offer';
        offers.push(alternative);
      }
    }
  }
  return { kind: isAsked ? 'approved' : 'counter-offer', offers };
}

function fitAffordability(
  profile: LenderProfile,
  terms: Terms,
  affordable: (terms: Terms) => boolean,
  maxMonths: (amount: number) => number,
  step: number,
  isCard: boolean,
): Terms | undefined {
  if (profile.counterOffer === 'longer-term' && !isCard) {
    for (let months = terms.durationMonths + 12; months <= maxMonths(terms.amount); months += 12) {
      if (affordable({ ...terms, durationMonths: months })) return { ...terms, durationMonths: months };
    }
    return undefined;
  }
  if (profile.counterOffer === 'lower-amount') {
    for (let amount = terms.amount - step; amount >= profile.amount.min; amount -= step) {
      if (affordable({ ...terms, amount })) return { ...terms, amount };
    }
  }
  return undefined;
}

/**
 * A lender that fits its offers to the caps shortens the term a year at a time until the offer passes
 * (high total cost and Norway's 5-year rule are what a shorter term fixes); undefined when none does.
 */
function fitToCaps(
  offer: LenderOffer,
  application: LenderApplication,
  profile: LenderProfile,
): LenderOffer | undefined {
  const refinancedDebts = refinancedDebtsOf(application);
  const passes = (candidate: LenderOffer) =>
    classifyOffer({
      offer: candidate,
      country: application.country,
      product: application.product,
      refinancedDebts,
    }).caps.ok;
  if (passes(offer)) return offer;
  if (application.product === 'CreditCard') return undefined;
  const floor = Math.max(profile.durationMonths.min, 12);
  for (let months = offer.durationMonths - 12; months >= floor; months -= 12) {
    const candidate = { ...offer, durationMonths: months };
    if (passes(candidate)) return candidate;
  }
  return undefined;
}
