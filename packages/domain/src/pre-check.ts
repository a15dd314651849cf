import { z } from 'zod';
import { type BrandConfig, brandIdSchema } from './brands/brand-config.schema.ts';
import { checkAmountAndDuration } from './brands/unsecured-bounds.ts';
import { employmentTypeSchema } from './enums.ts';
import { roundHalfUp } from './finance/loan-math.ts';
import { brandRateCeiling, norwayLendingRules } from './finance/norway-lending-rules.ts';
import { type LenderApplication, lenderDecision, registrationOutcome } from './lending/credit-policy.ts';
import { lendersFor } from './lending/lender-panel.ts';
import { classifyOffer } from './lending/offer-figures.ts';

// The one-form pre-check and the discovery loan's pre-qualification (issue 10, docs/decisions/0028): from a
// few answers the applicant gives about themselves — no identity, no credit bureau, no debt register (a
// "soft" check that leaves no trace on their credit file) — the simulated lenders' own policies say whether
// a loan is likely, why not when not, and what they would indicatively offer. Indicative only: the real
// decision comes after the full application with the bureau's data.

const money = (label: string, max = 100_000_000) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} is too large`);

export const preCheckInputSchema = /* @__PURE__ */ z.strictObject({
  Brand: brandIdSchema,
  Product: z.enum(['UnsecuredLoan', 'DiscoveryLoan']),
  Amount: money('Amount'),
  /** Whole years. */
  Duration: z.number().int('Duration must be whole years').min(1).max(50),
  Age: z.number().int('Age must be whole years').min(18, 'You must be at least 18').max(100),
  EmploymentType: employmentTypeSchema,
  GrossYearlyIncome: money('Gross yearly income'),
  NetMonthlyIncome: money('Net monthly income', 10_000_000),
  /** What the applicant owes today (all debt that stays), and pays on it a month. */
  DebtBalance: money('Debt'),
  DebtMonthlyPayments: money('Monthly debt payments', 10_000_000),
  HasPaymentRemarks: z.boolean(),
  CoApplicantGrossYearlyIncome: money('Co-applicant income').nullable().default(null),
});
export type PreCheckInput = z.infer<typeof preCheckInputSchema>;

export const preCheckReasonCodes = [
  'INCOME',
  'AGE',
  'EMPLOYMENT',
  'PAYMENT_REMARKS',
  'DEBT_TO_INCOME',
  'AFFORDABILITY',
  'CO_APPLICANT_REQUIRED',
  'CREDIT_SCORE',
  'AMOUNT_OR_TERM',
] as const;
export type PreCheckReasonCode = (typeof preCheckReasonCodes)[number];

export const indicativeOfferSchema = /* @__PURE__ */ z.object({
  LenderName: z.string(),
  Amount: z.number(),
  DurationMonths: z.number(),
  NominalRate: z.number(),
  EffectiveRate: z.number(),
  MonthlyPayment: z.number(),
  TotalCost: z.number(),
});
export type IndicativeOffer = z.infer<typeof indicativeOfferSchema>;

/** The Norwegian lending rules on the loan asked for (docs/decisions/0036); null outside Norway. */
export const lendingRulesResultSchema = /* @__PURE__ */ z.object({
  DebtCeiling: z.number(),
  TotalDebtAfterLoan: z.number(),
  DebtWithinCeiling: z.boolean(),
  StressedRate: z.number(),
  StressedMonthlyCost: z.number(),
  LivingCostMonthly: z.number(),
  MonthlySurplusAfterStress: z.number(),
  Affordable: z.boolean(),
  MaxAmountWithinRules: z.number(),
  Breaches: z.array(z.enum(['DEBT_TO_INCOME', 'AFFORDABILITY'])),
});
export type LendingRulesResult = z.infer<typeof lendingRulesResultSchema>;

export const preCheckResultSchema = /* @__PURE__ */ z.object({
  Outcome: z.enum(['likely', 'unlikely']),
  /** Why lenders would say no, most common first; empty when every lender would say yes. */
  Reasons: z.array(z.enum(preCheckReasonCodes)),
  LendersAsked: z.number().int(),
  IndicativeOffers: z.array(indicativeOfferSchema),
  LendingRules: lendingRulesResultSchema.nullable(),
});
export type PreCheckResult = z.infer<typeof preCheckResultSchema>;

/** A lender's refusal or decline, in the few words the applicant is told. */
function reasonOf(code: string): PreCheckReasonCode {
  if (code === 'BANK_FILTER_INCOME') return 'INCOME';
  if (code === 'CREDIT_SCORE_PAYMENT_REMARKS') return 'PAYMENT_REMARKS';
  if (code === 'BANK_FILTER_AMOUNT' || code === 'BANK_FILTER_TERM' || code === 'COUNTRY_CAPS')
    return 'AMOUNT_OR_TERM';
  if (code === 'DEBT_TO_INCOME' || code === 'AFFORDABILITY' || code === 'CO_APPLICANT_REQUIRED') return code;
  if (code === 'CREDIT_SCORE') return 'CREDIT_SCORE';
  return 'CREDIT_SCORE';
}

function applicantFilterReason(reason: string): PreCheckReasonCode {
  if (reason.includes('age')) return 'AGE';
  if (reason.includes('employment')) return 'EMPLOYMENT';
  return 'CREDIT_SCORE';
}

/**
 * The pre-check: each of the country's lenders for the product runs its own registration filter and
 * decision on what the applicant told (with the same seed the panel runs with). Likely when at least one
 * lender would offer; the offers' figures are the CCD figures of the lender's own fees, withheld when they
 * break a country cap, like real offers.
 */
export function preCheck(brand: BrandConfig, input: PreCheckInput, seed: number): PreCheckResult {
  if (checkAmountAndDuration(brand, input.Product, input.Amount, input.Duration).length > 0) {
    return {
      Outcome: 'unlikely',
      Reasons: ['AMOUNT_OR_TERM'],
      LendersAsked: 0,
      IndicativeOffers: [],
      LendingRules: null,
    };
  }
  const application: LenderApplication = {
    // The answers themselves, not who gives them: the same answers get the same indication.
    randomnessKey: `pre-check|${[input.Amount, input.Duration, input.GrossYearlyIncome, input.Age].join('|')}`,
    country: brand.country,
    currency: brand.currency,
    product: input.Product,
    amount: input.Amount,
    durationMonths: input.Duration * 12,
    purpose: null,
    applicants: [
      {
        role: 'MainApplicant',
        age: input.Age,
        grossYearlyIncome: input.GrossYearlyIncome,
        netMonthlyIncome: input.NetMonthlyIncome,
        employmentType: input.EmploymentType,
        housingCostMonthly: null,
        hasPaymentRemarks: input.HasPaymentRemarks,
        hasNationalId: true,
        hasAddress: true,
      },
      ...(input.CoApplicantGrossYearlyIncome !== null
        ? [
            {
              role: 'CoApplicant' as const,
              age: input.Age,
              grossYearlyIncome: input.CoApplicantGrossYearlyIncome,
              netMonthlyIncome: null,
              employmentType: null,
              housingCostMonthly: null,
              hasPaymentRemarks: false,
              hasNationalId: true,
              hasAddress: true,
            },
          ]
        : []),
    ],
    debts:
      input.DebtBalance > 0
        ? [
            {
              type: 'Unspecified',
              balance: input.DebtBalance,
              monthlyPayment: input.DebtMonthlyPayments,
              isRefinanced: false,
              creditor: null,
              interestRatePercent: null,
              remainingTermMonths: null,
            },
          ]
        : [],
    rateBand: (() => {
      const rates = brand.unsecuredLoan.rates;
      const low = rates.low ?? rates.min ?? rates.interest ?? 0;
      const high = rates.high ?? rates.mid ?? low;
      return { low: Math.min(low, high), high: Math.max(low, high) };
    })(),
    isDuplicateAtLender: false,
  };

  const lenders = lendersFor(brand.country, input.Product).filter((lender) => !lender.disabled);
  const reasons: PreCheckReasonCode[] = [];
  const offers: IndicativeOffer[] = [];
  for (const lender of lenders) {
    const registration = registrationOutcome(lender, application);
    if (!registration.registered) {
      reasons.push(
        registration.reasonCode === 'BANK_FILTER_APPLICANT'
          ? applicantFilterReason(registration.reason)
          : reasonOf(registration.reasonCode),
      );
      continue;
    }
    const decision = lenderDecision(lender, application, seed);
    if (decision.kind === 'declined') {
      reasons.push(reasonOf(decision.reasonCode));
      continue;
    }
    const offer = decision.offers[0]!;
    const classified = classifyOffer({
      offer,
      country: brand.country,
      product: input.Product,
      refinancedDebts: [],
    });
    if (!classified.caps.ok) {
      reasons.push('AMOUNT_OR_TERM');
      continue;
    }
    offers.push({
      LenderName: lender.name,
      Amount: offer.amount,
      DurationMonths: offer.durationMonths,
      NominalRate: offer.nominalRate,
      EffectiveRate: roundHalfUp(classified.figures.effectiveRate, 1),
      MonthlyPayment: roundHalfUp(classified.figures.monthlyPayment, 0),
      TotalCost: roundHalfUp(classified.figures.totalCost, 0),
    });
  }
  // The most common reason first, each once.
  const counted = [...new Set(reasons)].sort(
    (a, b) => reasons.filter((r) => r === b).length - reasons.filter((r) => r === a).length,
  );
  // Norway: the law binds every lender, so a loan of this size that breaks utlånsforskriften is unlikely
  // whatever a lender's own policy says (docs/decisions/0036). Its reasons come first when lenders would
  // otherwise offer; when they refuse anyway, their own reasons stay first.
  const rules =
    brand.country === 'NO'
      ? norwayLendingRules({
          amount: input.Amount,
          durationMonths: input.Duration * 12,
          nominalRate: brandRateCeiling(brand),
          grossYearlyIncome: input.GrossYearlyIncome + (input.CoApplicantGrossYearlyIncome ?? 0),
          // The co-applicant's net income is not asked here: only the main applicant's counts.
          netMonthlyIncome: input.NetMonthlyIncome,
          existingDebtBalance: input.DebtBalance,
          existingDebtMonthlyPayments: input.DebtMonthlyPayments,
          adults: input.CoApplicantGrossYearlyIncome !== null ? 2 : 1,
          housingCostMonthly: null,
        })
      : null;
  if (rules && rules.Breaches.length > 0) {
    return {
      Outcome: 'unlikely',
      Reasons: [
        ...new Set<PreCheckReasonCode>(
          offers.length > 0 ? [...rules.Breaches, ...counted] : [...counted, ...rules.Breaches],
        ),
      ],
      LendersAsked: lenders.length,
      IndicativeOffers: [],
      LendingRules: rules,
    };
  }
  return {
    Outcome: offers.length > 0 ? 'likely' : 'unlikely',
    Reasons: offers.length > 0 && offers.length === lenders.length ? [] : counted,
    LendersAsked: lenders.length,
    IndicativeOffers: offers.sort((a, b) => a.TotalCost - b.TotalCost),
    LendingRules: rules,
  };
}
