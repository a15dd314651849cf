import { insuranceDecisionSchema, paymentMandateKindSchema } from '@nordloan/domain/enums';
import { employmentStatusSchema, ineligibilityReasons } from '@nordloan/domain/insurance';
import { z } from 'zod';

// The zod schemas of the insurance calls: requests checked at the edge, responses for OpenAPI.

const nullableString = z.string().nullable();

export const mandateSchema = z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Provider: z.string(),
  Status: z.enum(['pending', 'signed', 'failed']),
  FailureReason: nullableString,
  SignedAt: nullableString,
  CreatedAt: z.string(),
});

export const paymentMandateSchema = z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Kind: z.string(),
  Status: z.enum(['pending', 'active', 'declined', 'failed']),
  PayerLast4: z.string(),
  FailureReason: nullableString,
  ActivatedAt: nullableString,
  CreatedAt: z.string(),
});

export const policySchema = z.object({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  PolicyNumber: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  StartsOn: z.string(),
  Status: z.enum(['active', 'terminated']),
  TerminatedAt: nullableString,
  TerminationReason: nullableString,
  WithdrawalDeadline: z.string(),
});

export const requestSchema = z.object({
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
  Mandate: mandateSchema.nullable(),
  PaymentMandate: paymentMandateSchema.nullable(),
  Policy: policySchema.nullable(),
});

const reasonsSchema = z.array(z.enum(ineligibilityReasons));

export const offerSchema = z.object({
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
  Reasons: reasonsSchema,
});

export const eligibilityAnswersSchema = z.strictObject({
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

export const eligibilityResultSchema = z.object({
  Eligible: z.boolean(),
  Reasons: reasonsSchema,
  Request: requestSchema.nullable(),
});
