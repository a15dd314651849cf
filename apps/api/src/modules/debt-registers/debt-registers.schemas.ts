import { z } from 'zod';

// The wire format of the debt registers (ADR 0079); PascalCase like every wire format (§7).

export const registerIds = ['NO-GJELDSREGISTERET', 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI'] as const;
export type RegisterId = (typeof registerIds)[number];

export const debtRegisterFailureSchema = z.enum([
  'REGISTER_UNAVAILABLE',
  'REGISTER_TIMEOUT',
  'REGISTER_INVALID_ANSWER',
]);
export type DebtRegisterFailure = z.infer<typeof debtRegisterFailureSchema>;

const foundDebtSchema = z.object({
  /** The application's debt this became (null when the applicant's form no longer has it). */
  DebtID: z.string().nullable(),
  DebtType: z.string(),
  Creditor: z.string(),
  /** What is drawn, as the register reported it. */
  Balance: z.number(),
  CreditLimit: z.number().nullable(),
  /** What counts as debt: a credit line at its limit even when unused. */
  CountedBalance: z.number(),
  MonthlyPayment: z.number().nullable(),
  InterestRate: z.number().nullable(),
  RemainingTermMonths: z.number().nullable(),
  /** The applicant corrected it: the application's debt is now their own statement (source 1). */
  CorrectedByApplicant: z.boolean(),
});

export const inquirySchema = z.object({
  OwnerRole: z.enum(['MainApplicant', 'CoApplicant']),
  Register: z.enum(registerIds),
  State: z.enum(['fetched', 'failed']),
  Failure: debtRegisterFailureSchema.nullable(),
  Consent: z.object({ GivenAt: z.string(), Scope: z.string(), Purpose: z.string() }),
  FetchedAt: z.string(),
  Found: z.array(foundDebtSchema),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const debtRegisterSchema = z.object({
  /** The register the application's country has and this installation can ask; null: none (SE, DK). */
  Register: z.enum(registerIds).nullable(),
  /** Applicants see their own inquiry; staff with the right see each applicant's. */
  Inquiries: z.array(inquirySchema),
});
export type DebtRegisterView = z.infer<typeof debtRegisterSchema>;

export const fetchBodySchema = z.object({
  /** The applicant's consent to this one inquiry, given with the consent text beside the button. */
  Consent: z.literal(true, { error: 'The consent to read the debt register is needed' }),
});

const amount = z.number().int().min(0).max(100_000_000);
export const correctionBodySchema = z.object({
  Balance: amount,
  MonthlyPayment: amount.nullable(),
  CreditLimit: amount.nullable(),
});
export type DebtCorrection = z.infer<typeof correctionBodySchema>;
