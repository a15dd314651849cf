import { z } from 'zod';

// What the insurance calls answer (ADR 0026), as the web reads them; unknown fields are kept.

export const offerSchema = z.looseObject({
  Brand: z.string(),
  Country: z.string(),
  Currency: z.string(),
  Sold: z.boolean(),
  Insurer: z.string().nullable(),
  EIdentityProvider: z.string().nullable(),
  PaymentKinds: z.array(z.enum(['bankid', 'bs', 'card', 'kid'])),
  Coverages: z.array(
    z.looseObject({
      InsuredMonthlyAmount: z.number(),
      MonthlyPremium: z.number(),
      PriceExample: z.looseObject({ Months: z.number(), TotalCost: z.number() }),
    }),
  ),
  BrandPriceExample: z.looseObject({ MonthlyCost: z.number(), TotalCost: z.number() }).nullable(),
  Rules: z.looseObject({
    MinAge: z.number(),
    MaxEntryAge: z.number(),
    CoverEndsAtAge: z.number(),
    MinEmployedMonths: z.number(),
    MinHoursPerWeek: z.number(),
    WithdrawalDays: z.number(),
  }),
  Eligible: z.boolean().nullable(),
  Reasons: z.array(z.string()),
});
export type InsuranceOffer = z.infer<typeof offerSchema>;

export const mandateSchema = z.looseObject({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Provider: z.string(),
  Status: z.enum(['pending', 'signed', 'failed']),
  FailureReason: z.string().nullable(),
});
export type InsuranceMandate = z.infer<typeof mandateSchema>;

export const paymentMandateSchema = z.looseObject({
  ID: z.string(),
  InsuranceRequestID: z.string(),
  Kind: z.enum(['bankid', 'bs', 'card', 'kid']),
  Status: z.enum(['pending', 'active', 'declined', 'failed']),
  PayerLast4: z.string(),
  FailureReason: z.string().nullable(),
});
export type PaymentMandate = z.infer<typeof paymentMandateSchema>;
export type PaymentKind = PaymentMandate['Kind'];

export const policySchema = z.looseObject({
  ID: z.string(),
  PolicyNumber: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  StartsOn: z.string(),
  Status: z.enum(['active', 'terminated']),
  TerminatedAt: z.string().nullable(),
  TerminationReason: z.string().nullable(),
  WithdrawalDeadline: z.string(),
});
export type InsurancePolicy = z.infer<typeof policySchema>;

export const requestSchema = z.looseObject({
  ID: z.string(),
  Country: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  Decision: z.enum(['new', 'approved', 'denied']),
  Mandate: mandateSchema.nullable(),
  PaymentMandate: paymentMandateSchema.nullable(),
  Policy: policySchema.nullable(),
});
export type InsuranceRequest = z.infer<typeof requestSchema>;

export const eligibilityResultSchema = z.looseObject({
  Eligible: z.boolean(),
  Reasons: z.array(z.string()),
  Request: requestSchema.nullable(),
});
export type EligibilityResult = z.infer<typeof eligibilityResultSchema>;

export interface EligibilityAnswers {
  EmploymentStatus: 'permanent' | 'temporary' | 'self-employed' | 'retired' | 'student' | 'unemployed';
  EmployedMonths: number;
  HoursPerWeek: number;
  ResidentInCountry: boolean;
  FitForWork: boolean;
}
