import { eIdentityProviderSchema } from '@nordloan/domain/insurance';
import { z } from 'zod';

// The shapes of the agreement-signing routes (docs/decisions/0075), PascalCase like the rest of §7.

export const agreementSignerSchema = z.object({
  Role: z.enum(['MainApplicant', 'CoApplicant']),
  Signed: z.boolean(),
  SignedAt: z.string().nullable(),
});

export const agreementSignatureSchema = z.object({
  SignatureID: z.string(),
  Role: z.enum(['MainApplicant', 'CoApplicant']),
  Provider: z.string(),
  Status: z.enum(['pending', 'signed', 'failed']),
  /** Why a failed order failed: user-cancelled, expired-transaction, … */
  Reason: z.string().nullable(),
  SignedAt: z.string().nullable(),
  /** The e-ID transaction (the provider's order reference). */
  TransactionID: z.string(),
  DocumentSha256: z.string(),
});

export const loanAgreementSchema = z.object({
  LoanApplicationID: z.string(),
  /** none: no agreement from the lender yet; awaiting-signatures; signed: every applicant signed; expired. */
  State: z.enum(['none', 'awaiting-signatures', 'signed', 'expired']),
  QuoteID: z.string().nullable(),
  LenderName: z.string().nullable(),
  Provider: eIdentityProviderSchema.nullable(),
  OfferExpiresAt: z.string().nullable(),
  Document: z.object({ FileName: z.string(), Sha256: z.string(), ReceivedAt: z.string() }).nullable(),
  Signers: z.array(agreementSignerSchema),
  /** The caller's own latest signing order, when there is one. */
  MySignature: agreementSignatureSchema.nullable(),
  CompletedAt: z.string().nullable(),
  LenderNotified: z.boolean().nullable(),
});
export type LoanAgreementView = z.infer<typeof loanAgreementSchema>;

export const startSigningBodySchema = z.object({ Provider: eIdentityProviderSchema.optional() }).strict();

export const signatureParamsSchema = z.object({
  id: z.string().max(100),
  signatureId: z.string().max(100),
});

export const agreementEvidenceSchema = z.object({
  LoanApplicationID: z.string(),
  QuoteID: z.string(),
  LenderName: z.string(),
  FileName: z.string(),
  DocumentSha256: z.string(),
  CompletedAt: z.string().nullable(),
  Signatures: z.array(
    agreementSignatureSchema.pick({
      Role: true,
      Provider: true,
      SignedAt: true,
      TransactionID: true,
      DocumentSha256: true,
    }),
  ),
});
