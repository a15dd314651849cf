import { derivedBankFiguresSchema } from '@nordloan/domain/bank-data/income-derivation';
import { z } from 'zod';

// The wire format of the bank connection (ADR 0076); PascalCase like every wire format (§7).

export const bankDataFailureSchema = z.enum(['CONSENT_CANCELLED', 'BANK_UNAVAILABLE', 'EXPIRED']);
export type BankDataFailure = z.infer<typeof bankDataFailureSchema>;

const money = z.number().int().min(0).max(1_000_000_000).nullable();
export const bankFigureCorrectionsSchema = z.object({
  NetMonthlyIncome: money,
  HousingCostMonthly: money,
  LoanPaymentsMonthly: money,
});

export const bankDataSchema = z.object({
  /** none: never connected (or withdrawn); pending: sent to the bank; connected; failed (see Failure). */
  State: z.enum(['none', 'pending', 'connected', 'failed']),
  Failure: bankDataFailureSchema.nullable(),
  Consent: z.object({ Scope: z.string(), GrantedAt: z.string(), ExpiresAt: z.string() }).nullable(),
  Figures: derivedBankFiguresSchema.nullable(),
  Corrected: bankFigureCorrectionsSchema.nullable(),
  /** What the lenders are told: the income the application carries was read from the bank account. */
  IncomeVerified: z.boolean(),
});
export type BankData = z.infer<typeof bankDataSchema>;

export const startBodySchema = z.object({
  /** Where the browser comes back to after the bank: a path of ours (no scheme or host). */
  ReturnPath: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\\\s]*$/, 'A path of this site')
    .default('/'),
});

export const callbackQuerySchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(500).optional(),
  error: z.string().max(100).optional(),
});
