import { z } from 'zod';

// The debt registers' answer as our API gives it (ADR 0079): the applicant's own inquiry, and each applicant's
// to staff with the right (the back office's Finances tab). One schema for the API's responses and the back
// office's parsing of them; PascalCase like every wire format (§7).

export const registerIds = ['NO-GJELDSREGISTERET', 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI'] as const;
export type RegisterId = (typeof registerIds)[number];

export const debtRegisterFailureSchema = /* @__PURE__ */ z.enum([
  'REGISTER_UNAVAILABLE',
  'REGISTER_TIMEOUT',
  'REGISTER_INVALID_ANSWER',
]);
export type DebtRegisterFailure = z.infer<typeof debtRegisterFailureSchema>;

const foundDebtSchema = /* @__PURE__ */ z.object({
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

export const inquirySchema = /* @__PURE__ */ z.object({
  OwnerRole: z.enum(['MainApplicant', 'CoApplicant']),
  Register: z.enum(registerIds),
  State: z.enum(['fetched', 'failed']),
  Failure: debtRegisterFailureSchema.nullable(),
  Consent: z.object({ GivenAt: z.string(), Scope: z.string(), Purpose: z.string() }),
  FetchedAt: z.string(),
  Found: z.array(foundDebtSchema),
});
export type Inquiry = z.infer<typeof inquirySchema>;
