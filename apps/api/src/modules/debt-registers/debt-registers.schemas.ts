import { inquirySchema, registerIds } from '@nordloan/domain/debt-register';
import { z } from 'zod';

// The wire format of the debt registers (ADR 0079); PascalCase like every wire format (§7).

export {
  type DebtRegisterFailure,
  debtRegisterFailureSchema,
  type Inquiry,
  inquirySchema,
  type RegisterId,
  registerIds,
} from '@nordloan/domain/debt-register';

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
