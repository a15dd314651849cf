import { z } from 'zod';
import {
  type Country,
  insuranceDecisionSchema,
  insuranceTerminationReasonSchema,
  type PaymentMandateKind,
  paymentMandateKindSchema,
} from './enums.ts';

// Payment-protection insurance (issue 10; docs/decisions/0026-insurance-eligibility-and-mandates.md).
// The terms per country and the eligibility rules, shared by the API (which decides) and the web (which
// explains). A careful Nordic insurer's rules: the applicant must be of working age with time left before
// cover ends at 67, permanently employed for a while with enough hours, resident and registered in the
// country, and fully fit for work when cover starts. Insurance is strictly opt-in.

/** The partner insurers (§3 "two partner-insurer names", ADR 0013). */
export const insurers = ['NordTrygg', 'Fjordliv'] as const;
export type Insurer = (typeof insurers)[number];

/** The e-identity providers an insurance mandate is signed with (§7 /insurance/v2/mandate/{provider}). */
export const eIdentityProviders = ['bankid-no', 'bankid-se', 'ftn', 'mitid'] as const;
export const eIdentityProviderSchema = /* @__PURE__ */ z.enum(eIdentityProviders);
export type EIdentityProvider = z.infer<typeof eIdentityProviderSchema>;

export const employmentStatuses = [
  'permanent',
  'temporary',
  'self-employed',
  'retired',
  'student',
  'unemployed',
] as const;
export const employmentStatusSchema = /* @__PURE__ */ z.enum(employmentStatuses);
export type EmploymentStatus = z.infer<typeof employmentStatusSchema>;

export interface InsuranceTerms {
  insurer: Insurer;
  eIdentityProvider: EIdentityProvider;
  /** The monthly benefit the customer chooses (whole units of the country's currency). */
  coverages: readonly number[];
  /** Monthly premium as a share of the monthly benefit. */
  premiumRate: number;
  /** How the premium may be collected, in the order the journey offers them. */
  paymentKinds: readonly PaymentMandateKind[];
}

/** Countries where insurance is sold; Denmark has no insurance path (brands.md) and sells none. */
export const insuranceTerms: Partial<Record<Country, InsuranceTerms>> = {
  // 7 % of a 5 000 NOK benefit is the spec's example premium of 350 a month (§9).
  NO: {
    insurer: 'Fjordliv',
    eIdentityProvider: 'bankid-no',
    coverages: [2_500, 5_000, 7_500, 10_000],
    premiumRate: 0.07,
    // AvtaleGiro with a KID, a direct debit agreed in BankID, or a card
    paymentKinds: ['kid', 'bankid', 'card'],
  },
  SE: {
    insurer: 'NordTrygg',
    eIdentityProvider: 'bankid-se',
    coverages: [2_500, 5_000, 7_500, 10_000],
    premiumRate: 0.07,
    // Autogiro signed with BankID, or a card
    paymentKinds: ['bankid', 'card'],
  },
  FI: {
    insurer: 'NordTrygg',
    eIdentityProvider: 'ftn',
    coverages: [250, 500, 750, 1_000],
    premiumRate: 0.07,
    paymentKinds: ['card'],
  },
};

export const insuranceRules = {
  minAge: 18,
  /** Cover ends at 67 (termination reason `age`); nobody joins with less than two years to go. */
  maxEntryAge: 64,
  coverEndsAtAge: 67,
  minEmployedMonths: 6,
  minHoursPerWeek: 16,
  /** The customer's right to withdraw from a distance insurance contract, counted from the policy's start. */
  withdrawalDays: 30,
} as const;

/** The months the price example's total covers (the yearly cost beside every offer). */
export const priceExampleMonths = 12;

export function monthlyPremium(terms: InsuranceTerms, insuredMonthlyAmount: number): number {
  return Math.round(insuredMonthlyAmount * terms.premiumRate);
}

export const ineligibilityReasons = [
  'not-sold-in-country',
  'too-young',
  'too-old',
  'not-permanently-employed',
  'employed-too-short',
  'too-few-hours',
  'not-resident',
  'not-fit-for-work',
  'already-insured',
] as const;
export type IneligibilityReason = (typeof ineligibilityReasons)[number];

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface EligibilityFacts {
  country: Country;
  age: number;
  /** Unknown until the applicant answers (GET checks only what is known). */
  employment?: { status: EmploymentStatus; employedMonths: number; hoursPerWeek: number };
  residentInCountry?: boolean;
  fitForWork?: boolean;
  hasActivePolicy: boolean;
}

/** Every rule the facts break; empty means eligible (as far as the facts go). */
export function ineligibilityOf(facts: EligibilityFacts): IneligibilityReason[] {
  const reasons: IneligibilityReason[] = [];
  if (!insuranceTerms[facts.country]) reasons.push('not-sold-in-country');
  if (facts.age < insuranceRules.minAge) reasons.push('too-young');
  if (facts.age > insuranceRules.maxEntryAge) reasons.push('too-old');
  const employment = facts.employment;
  if (employment) {
    if (employment.status !== 'permanent') reasons.push('not-permanently-employed');
    else {
      if (employment.employedMonths < insuranceRules.minEmployedMonths) reasons.push('employed-too-short');
      if (employment.hoursPerWeek < insuranceRules.minHoursPerWeek) reasons.push('too-few-hours');
    }
  }
  if (facts.residentInCountry === false) reasons.push('not-resident');
  if (facts.fitForWork === false) reasons.push('not-fit-for-work');
  if (facts.hasActivePolicy) reasons.push('already-insured');
  return reasons;
}

/** Termination reasons a customer may give themselves; the others are the insurer's or staff's. */
export const customerTerminationReasons = ['customer-withdrew', 'customer-terminated'] as const;

export type CustomerTerminationReason = (typeof customerTerminationReasons)[number];

// ── The wire shapes of the insurance calls (§7 /insurance/v2/…, /insurance-payment-mandate/…) ────────
// One contract (docs/decisions/0018): the API checks requests and writes its answers with these (so they
// are its OpenAPI document too), and the web parses the answers with them. PascalCase: the API contract.

export const mandateStatuses = ['pending', 'signed', 'failed'] as const;
export type MandateStatus = (typeof mandateStatuses)[number];
export const paymentMandateStatuses = ['pending', 'active', 'declined', 'failed'] as const;
export type PaymentMandateStatus = (typeof paymentMandateStatuses)[number];
export const policyStatuses = ['active', 'terminated'] as const;
export type PolicyStatus = (typeof policyStatuses)[number];

const nullableString = /* @__PURE__ */ z.string().nullable();

/** The e-ID signing of an insurance request (§7 /insurance/v2/mandate/{provider}). */
export const insuranceMandateSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Provider: z.string(),
  Status: z.enum(mandateStatuses),
  FailureReason: nullableString,
  SignedAt: nullableString,
  CreatedAt: z.string(),
});
export type InsuranceMandate = z.infer<typeof insuranceMandateSchema>;

/** How the premium is collected (§7 /insurance-payment-mandate/{kind}). */
export const paymentMandateSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Kind: paymentMandateKindSchema,
  Status: z.enum(paymentMandateStatuses),
  PayerLast4: z.string(),
  FailureReason: nullableString,
  ActivatedAt: nullableString,
  CreatedAt: z.string(),
});
export type PaymentMandate = z.infer<typeof paymentMandateSchema>;

/** A policy as its holder (and staff) see it; the back office's §3 record is ./backoffice-assets.ts. */
export const insurancePolicyViewSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  PolicyNumber: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  StartsOn: z.string(),
  Status: z.enum(policyStatuses),
  TerminatedAt: nullableString,
  TerminationReason: nullableString,
  /** The last day of the right to withdraw (angrerett / ångerrätt), YYYY-MM-DD. */
  WithdrawalDeadline: z.string(),
});
export type InsurancePolicyView = z.infer<typeof insurancePolicyViewSchema>;

/** An insurance request with its signing, payment and policy as far as they got. */
export const insuranceRequestViewSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  PersonID: z.string(),
  LoanApplicationID: nullableString,
  Brand: z.string(),
  Country: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  Decision: insuranceDecisionSchema,
  DecidedAt: nullableString,
  CreatedAt: z.string(),
  Mandate: insuranceMandateSchema.nullable(),
  PaymentMandate: paymentMandateSchema.nullable(),
  Policy: insurancePolicyViewSchema.nullable(),
});
export type InsuranceRequestView = z.infer<typeof insuranceRequestViewSchema>;

const ineligibilityReasonsSchema = /* @__PURE__ */ z.array(z.enum(ineligibilityReasons));

/** GET /insurance/v2/eligibility: the brand's offer, and the rules checked against what is known. */
export const insuranceOfferSchema = /* @__PURE__ */ z.object({
  Brand: z.string(),
  Country: z.string(),
  Currency: z.string(),
  Sold: z.boolean(),
  Insurer: nullableString,
  EIdentityProvider: nullableString,
  PaymentKinds: z.array(paymentMandateKindSchema),
  Coverages: z.array(
    z.object({
      InsuredMonthlyAmount: z.number(),
      MonthlyPremium: z.number(),
      PriceExample: z.object({ Months: z.number(), TotalCost: z.number() }),
    }),
  ),
  BrandPriceExample: z.object({ MonthlyCost: z.number(), TotalCost: z.number() }).nullable(),
  Rules: z.object({
    MinAge: z.number(),
    MaxEntryAge: z.number(),
    CoverEndsAtAge: z.number(),
    MinEmployedMonths: z.number(),
    MinHoursPerWeek: z.number(),
    WithdrawalDays: z.number(),
  }),
  /** null: not an applicant (staff), so nothing personal was checked. */
  Eligible: z.boolean().nullable(),
  Reasons: ineligibilityReasonsSchema,
});
export type InsuranceOffer = z.infer<typeof insuranceOfferSchema>;

/** POST /insurance/v2/eligibility: the applicant's answers and their opt-in for one cover. */
export const eligibilityAnswersSchema = /* @__PURE__ */ z.strictObject({
  // Strictly opt-in: the applicant ticks it themselves; anything but true is refused.
  OptIn: z.literal(true, { error: 'Insurance is opt-in: OptIn must be true' }),
  InsuredMonthlyAmount: z.number().int().positive(),
  EmploymentStatus: employmentStatusSchema,
  EmployedMonths: z.number().int().min(0).max(720),
  HoursPerWeek: z.number().min(0).max(100),
  ResidentInCountry: z.boolean(),
  FitForWork: z.boolean(),
  LoanApplicationID: z.string().optional(),
});
export type EligibilityAnswersInput = z.input<typeof eligibilityAnswersSchema>;

export const eligibilityResultSchema = /* @__PURE__ */ z.object({
  Eligible: z.boolean(),
  Reasons: ineligibilityReasonsSchema,
  Request: insuranceRequestViewSchema.nullable(),
});
export type EligibilityResult = z.infer<typeof eligibilityResultSchema>;

/** POST /insurance/v2/mandate/{provider}. */
export const startMandateBodySchema = /* @__PURE__ */ z.strictObject({ InsuranceRequestID: z.string() });
export type StartMandateBody = z.input<typeof startMandateBodySchema>;

/** POST /insurance-payment-mandate/{kind}. */
export const paymentMandateBodySchema = /* @__PURE__ */ z.strictObject({
  InsuranceRequestID: z.string(),
  // Direct debits (bankid, bs, kid): the account to debit
  AccountNumber: z.string().max(40).optional(),
  // card: the token from the card provider's payment form
  CardToken: z.string().max(100).optional(),
});
export type PaymentMandateBody = z.input<typeof paymentMandateBodySchema>;

/** GET /insurance-payment-mandate/{kind}?InsuranceRequestID= */
export const paymentMandateListQuerySchema = /* @__PURE__ */ z.strictObject({
  InsuranceRequestID: z.string(),
});

/** GET /insurance/v2/policy: the caller's own, or (staff) one person's. */
export const policyListQuerySchema = /* @__PURE__ */ z.strictObject({ PersonID: z.string().optional() });

/** POST /insurance/v2/policy/{id}/termination: the customer's reasons, or (staff) the insurer's. */
export const policyTerminationBodySchema = /* @__PURE__ */ z.strictObject({
  Reason: insuranceTerminationReasonSchema,
});
export type PolicyTerminationBody = z.input<typeof policyTerminationBodySchema>;
