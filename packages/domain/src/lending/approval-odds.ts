import { z } from 'zod';
import { brandIdSchema } from '../brands/brand-config.schema.ts';
import { type Country, employmentTypeSchema } from '../enums.ts';
import { annuityPayment } from '../finance/loan-math.ts';
import {
  type LenderApplication,
  lenderDecision,
  priceFor,
  registrationOutcome,
  riskScore,
  stressedRate,
} from './credit-policy.ts';
import type { LenderProfile } from './lender-panel.ts';

// Approval odds before applying (issue 35 item 1, docs/decisions/0074): the applicant's own figures — amount,
// term, income, housing cost and debts; no identity — go to each lender of the panel through the lender API's
// SOFT pre-qualification operation (POST /prequalifications). A soft check is no bureau inquiry: it leaves
// no mark on a credit file and nothing is stored. Each lender answers likely / possible / unlikely, the rate
// range it would probably offer, and reason codes the page says in plain words.

const money = (label: string, max = 100_000_000) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} is too large`);

/** POST /approval-odds: what the applicant types. No name, no national id, no contact details. */
export const approvalOddsInputSchema = /* @__PURE__ */ z.strictObject({
  Brand: brandIdSchema,
  Amount: money('Amount').min(1, 'Amount must be more than 0'),
  /** Whole years. */
  Duration: z.number().int('Duration must be whole years').min(1).max(30),
  GrossYearlyIncome: money('Gross yearly income'),
  NetMonthlyIncome: money('Net monthly income', 10_000_000),
  HousingCostMonthly: money('Housing cost', 10_000_000),
  DebtBalance: money('Debt'),
  DebtMonthlyPayments: money('Monthly debt payments', 10_000_000),
  /** Optional: without it the estimate assumes permanent work (and says the estimate is indicative). */
  EmploymentType: employmentTypeSchema.nullable().default(null),
});
export type ApprovalOddsInput = z.infer<typeof approvalOddsInputSchema>;

export const approvalOddsReasonCodes = [
  'INCOME',
  'DEBT_TO_INCOME',
  'AFFORDABILITY',
  'LEFT_TO_LIVE_ON',
  'CO_APPLICANT_REQUIRED',
  'CREDIT_SCORE',
  'AMOUNT_OR_TERM',
  'LOWER_AMOUNT',
  'NEAR_LIMIT',
] as const;
export type ApprovalOddsReasonCode = (typeof approvalOddsReasonCodes)[number];
export const approvalOddsLikelihoods = ['likely', 'possible', 'unlikely'] as const;
export type ApprovalOddsLikelihood = (typeof approvalOddsLikelihoods)[number];

// ── The lender API's soft pre-qualification operation (wire) ─────────────────────────────────────────

export const lenderPrequalificationPath = '/prequalifications';

export const lenderPrequalificationRequestSchema = /* @__PURE__ */ z.object({
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  /** Always "soft": the lender must not ask its bureau nor register an inquiry. */
  InquiryType: z.literal('soft'),
  Country: z.enum(['NO', 'SE', 'FI', 'DK']),
  Currency: z.string().length(3),
  Product: z.literal('UnsecuredLoan'),
  Amount: z.number().int().positive(),
  DurationMonths: z.number().int().positive(),
  GrossYearlyIncome: z.number().int().min(0),
  NetMonthlyIncome: z.number().int().min(0),
  HousingCostMonthly: z.number().int().min(0),
  DebtBalance: z.number().int().min(0),
  DebtMonthlyPayments: z.number().int().min(0),
  /** The applicant's employment (our code list), or null when not given. */
  EmploymentType: z.string().max(40).nullable(),
  RateBand: z.object({ Low: z.number(), High: z.number() }),
});
export type LenderPrequalificationRequest = z.infer<typeof lenderPrequalificationRequestSchema>;

/** The lender's estimate (without the message envelope). */
export const lenderPrequalificationEstimateSchema = /* @__PURE__ */ z.object({
  Likelihood: z.enum(approvalOddsLikelihoods),
  /** Nominal yearly rate range in percent; null when unlikely. */
  RateFrom: z.number().min(0).max(100).nullable(),
  RateTo: z.number().min(0).max(100).nullable(),
  Reasons: z.array(z.enum(approvalOddsReasonCodes)).max(10),
});
export type LenderPrequalificationEstimate = z.infer<typeof lenderPrequalificationEstimateSchema>;

export const lenderPrequalificationResponseSchema =
  /* @__PURE__ */ lenderPrequalificationEstimateSchema.extend({
    MessageId: z.uuid(),
    SentAt: z.iso.datetime({ offset: true }),
  });
export type LenderPrequalificationResponse = z.infer<typeof lenderPrequalificationResponseSchema>;

// ── What the page gets ───────────────────────────────────────────────────────────────────────────────

export const approvalOddsLenderSchema = /* @__PURE__ */ z.object({
  LenderName: z.string(),
  /** "no-estimate": the lender has no pre-qualification, or did not answer in time. */
  Likelihood: z.enum([...approvalOddsLikelihoods, 'no-estimate']),
  RateFrom: z.number().nullable(),
  RateTo: z.number().nullable(),
  Reasons: z.array(z.enum(approvalOddsReasonCodes)),
});
export type ApprovalOddsLender = z.infer<typeof approvalOddsLenderSchema>;

export const approvalOddsResultSchema = /* @__PURE__ */ z.object({
  /** Always true: no lender and no bureau registered a credit inquiry for this. */
  SoftCheckOnly: z.literal(true),
  Lenders: z.array(approvalOddsLenderSchema),
});
export type ApprovalOddsResult = z.infer<typeof approvalOddsResultSchema>;

// ── The simulated lender's answer, from its credit policy ────────────────────────────────────────────

/** What a household needs a month beyond housing and debts, by country (our choice, ADR 0074). */
export const livingCostFloor: Record<Country, number> = { NO: 12_000, SE: 10_000, DK: 9_000, FI: 900 };

function applicationOf(request: LenderPrequalificationRequest): LenderApplication {
  return {
    randomnessKey: `odds|${[request.Amount, request.DurationMonths, request.GrossYearlyIncome].join('|')}`,
    country: request.Country,
    currency: request.Currency as LenderApplication['currency'],
    product: request.Product,
    amount: request.Amount,
    durationMonths: request.DurationMonths,
    purpose: null,
    applicants: [
      {
        role: 'MainApplicant',
        // Age is not asked: a soft check assumes an adult of working age; employment, when not given,
        // permanent work. The full application checks both.
        age: 40,
        grossYearlyIncome: request.GrossYearlyIncome,
        netMonthlyIncome: request.NetMonthlyIncome,
        employmentType: request.EmploymentType ?? 'Permanent',
        housingCostMonthly: request.HousingCostMonthly,
        hasPaymentRemarks: false,
        hasNationalId: true,
        hasAddress: true,
      },
    ],
    debts:
      request.DebtBalance > 0
        ? [
            {
              type: 'Unspecified',
              balance: request.DebtBalance,
              monthlyPayment: request.DebtMonthlyPayments,
              isRefinanced: false,
              creditor: null,
              interestRatePercent: null,
              remainingTermMonths: null,
            },
          ]
        : [],
    rateBand: { low: request.RateBand.Low, high: request.RateBand.High },
    isDuplicateAtLender: false,
  };
}

function reasonOf(code: string): ApprovalOddsReasonCode {
  if (code === 'BANK_FILTER_INCOME') return 'INCOME';
  if (code === 'BANK_FILTER_AMOUNT' || code === 'BANK_FILTER_TERM' || code === 'BANK_FILTER_PRODUCT')
    return 'AMOUNT_OR_TERM';
  if (code === 'COUNTRY_CAPS') return 'AMOUNT_OR_TERM';
  if (code === 'DEBT_TO_INCOME' || code === 'AFFORDABILITY' || code === 'CO_APPLICANT_REQUIRED') return code;
  return 'CREDIT_SCORE';
}

const unlikely = (reason: ApprovalOddsReasonCode): LenderPrequalificationEstimate => ({
  Likelihood: 'unlikely',
  RateFrom: null,
  RateTo: null,
  Reasons: [reason],
});

/**
 * The simulated lender's soft pre-qualification: its own registration filter and decision (the same
 * credit policy as a real application, seeded the same), then two downgrades a careful lender adds for an
 * estimate: a counter-offer (a lower amount or another term) or a risk score near its limit is "possible",
 * and so is a household left with little after housing, debts and the new loan at the stressed rate; left
 * with less than the country's living-cost floor it is "unlikely". The rate range is the lender's price
 * with its noise at either end.
 */
export function softPrequalification(
  profile: LenderProfile,
  request: LenderPrequalificationRequest,
  seed: number,
): LenderPrequalificationEstimate {
  const application = applicationOf(request);
  const registration = registrationOutcome(profile, application);
  if (!registration.registered) return unlikely(reasonOf(registration.reasonCode));
  const decision = lenderDecision(profile, application, seed);
  if (decision.kind === 'declined') return unlikely(reasonOf(decision.reasonCode));

  const reasons: ApprovalOddsReasonCode[] = [];
  const offer = decision.offers[0]!;
  if (offer.amount < request.Amount) reasons.push('LOWER_AMOUNT');
  else if (offer.durationMonths !== request.DurationMonths) reasons.push('AMOUNT_OR_TERM');
  if (riskScore(application) > profile.pricing.maxRiskScore - 0.1) reasons.push('NEAR_LIMIT');

  const rateFrom = priceFor(profile, application, 0);
  const rateTo = priceFor(profile, application, 1);
  const payment = annuityPayment(
    request.Amount,
    stressedRate(request.Country, rateTo),
    request.DurationMonths,
  );
  const left = request.NetMonthlyIncome - request.HousingCostMonthly - request.DebtMonthlyPayments - payment;
  const floor = livingCostFloor[request.Country];
  if (left < floor) return unlikely('LEFT_TO_LIVE_ON');
  if (left < floor * 1.5) reasons.push('LEFT_TO_LIVE_ON');
  return {
    Likelihood: reasons.length === 0 ? 'likely' : 'possible',
    RateFrom: Math.min(rateFrom, rateTo),
    RateTo: Math.max(rateFrom, rateTo),
    Reasons: reasons,
  };
}
