import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { isHttpLenderAdapter } from './http-lender-adapter.ts';
import { answerOutsideContract, lenderPathOf, postToLender } from './signed-lender-post.ts';

// The credit agreement over the lender API (issue 36 item 1, docs/decisions/0075), two more operations in
// their own file beside the adapter (lenders are rows of the database; the adapter is left as it is):
// - fetchAgreement: after the acceptance the lender hands over its agreement (a PDF) for the offer;
// - sendSignedAgreement: once every applicant has signed with e-ID, the lender receives the signatures'
//   evidence (who, when, the document's SHA-256, the e-ID transaction).
// A lender with an endpoint answers over HTTP through its own client (signed, idempotent per agreement, its
// breaker and counters: signed-lender-post.ts, docs/decisions/0077). Every other lender on the panel is a
// portal lender (ADR 0083: the simulated lenders are the sandbox's, over HTTP); its upload is not built yet,
// so it has no agreement to hand over ("not yet") and none signed to receive.

export const lenderAgreementPath = '/applications/{ApplicationReference}/agreement';
export const lenderSignedAgreementPath = '/applications/{ApplicationReference}/agreement/signed';

export const lenderAgreementRequestSchema = z.object({
  MessageId: z.string().uuid(),
  SentAt: z.string().datetime(),
  ApplicationReference: z.string().min(1).max(100),
  QuoteId: z.string().uuid(),
  LenderReference: z.string().max(200).nullable(),
  Amount: z.number().int().positive(),
  DurationMonths: z.number().int().positive(),
  NominalRate: z.number(),
  Currency: z.string().length(3),
});

// Every message of the lender API has an id and a time, answers too (ADR 0062).
export const lenderAgreementResponseSchema = z.object({
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string(),
  QuoteId: z.string(),
  Status: z.enum(['ready', 'not-ready']),
  FileName: z.string().min(1).max(200).optional(),
  ContentType: z.literal('application/pdf').optional(),
  ContentBase64: z.string().max(14_000_000).optional(),
});

const signatureEvidenceSchema = z.object({
  Role: z.enum(['MainApplicant', 'CoApplicant']),
  PersonReference: z.string(),
  Provider: z.string(),
  TransactionId: z.string(),
  SignedAt: z.string().datetime(),
  DocumentSha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const lenderSignedAgreementRequestSchema = z.object({
  MessageId: z.string().uuid(),
  SentAt: z.string().datetime(),
  ApplicationReference: z.string().min(1).max(100),
  QuoteId: z.string().uuid(),
  LenderReference: z.string().max(200).nullable(),
  DocumentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  CompletedAt: z.string().datetime(),
  Signatures: z.array(signatureEvidenceSchema).min(1).max(2),
});

export const lenderSignedAgreementResponseSchema = z.object({
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string(),
  QuoteId: z.string(),
  Status: z.literal('received'),
});

export interface LenderAgreementCall {
  lenderId: string;
  lenderName: string;
  /** Our loan request id: the lender's reference to the application. */
  loanRequestId: string;
  quoteId: string;
  externalReference: string | null;
  amount: number;
  durationMonths: number;
  nominalRate: number;
  currency: string;
}

export type FetchedAgreement =
  | { status: 'ready'; fileName: string; content: Buffer }
  | { status: 'not-ready' };

export interface SignedAgreementCall {
  lenderId: string;
  loanRequestId: string;
  quoteId: string;
  externalReference: string | null;
  agreementId: string;
  documentSha256: string;
  completedAt: Date;
  signatures: {
    role: 'MainApplicant' | 'CoApplicant';
    personId: string;
    provider: string;
    transactionId: string;
    signedAt: Date;
    documentSha256: string;
  }[];
}

export interface LenderAgreementApi {
  /** The lender's agreement for the accepted offer. Throws LenderUnavailableError when it cannot answer. */
  fetchAgreement(call: LenderAgreementCall): Promise<FetchedAgreement>;
  /** Resolves when the lender has the signatures. Throws LenderUnavailableError otherwise (a job retries). */
  sendSignedAgreement(call: SignedAgreementCall): Promise<void>;
}

export function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export function createLenderAgreementApi(options: { panel: LenderPanel }): LenderAgreementApi {
  return {
    async fetchAgreement(call) {
      const adapter = options.panel.adapter(call.lenderId);
      if (!adapter) throw new LenderUnavailableError(call.lenderId, 'fetchAgreement (not on the panel)');
      // A portal lender uploads its agreement in the portal (not built yet): nothing to show until then.
      if (!isHttpLenderAdapter(adapter)) return { status: 'not-ready' };
      const answer = lenderAgreementResponseSchema.safeParse(
        await postToLender(adapter, {
          operation: 'fetchAgreement',
          path: lenderPathOf(lenderAgreementPath, call.loanRequestId),
          message: {
            ApplicationReference: call.loanRequestId,
            QuoteId: call.quoteId,
            LenderReference: call.externalReference,
            Amount: call.amount,
            DurationMonths: call.durationMonths,
            NominalRate: call.nominalRate,
            Currency: call.currency,
          },
          idempotencyKey: `agreement:${call.quoteId}`,
        }),
      );
      if (!answer.success || answer.data.QuoteId !== call.quoteId)
        return answerOutsideContract(adapter, 'fetchAgreement');
      if (answer.data.Status === 'not-ready' || !answer.data.ContentBase64) return { status: 'not-ready' };
      const content = Buffer.from(answer.data.ContentBase64, 'base64');
      if (content.subarray(0, 5).toString('latin1') !== '%PDF-')
        return answerOutsideContract(adapter, 'fetchAgreement');
      return { status: 'ready', fileName: answer.data.FileName ?? 'agreement.pdf', content };
    },

    async sendSignedAgreement(call) {
      const adapter = options.panel.adapter(call.lenderId);
      if (!adapter) throw new LenderUnavailableError(call.lenderId, 'sendSignedAgreement (not on the panel)');
      // A portal lender handed over no agreement (above), so none was signed here to send it.
      if (!isHttpLenderAdapter(adapter)) return;
      const answer = lenderSignedAgreementResponseSchema.safeParse(
        await postToLender(adapter, {
          operation: 'sendSignedAgreement',
          path: lenderPathOf(lenderSignedAgreementPath, call.loanRequestId),
          message: {
            ApplicationReference: call.loanRequestId,
            QuoteId: call.quoteId,
            LenderReference: call.externalReference,
            DocumentSha256: call.documentSha256,
            CompletedAt: call.completedAt.toISOString(),
            Signatures: call.signatures.map((signature) => ({
              Role: signature.role,
              // Our person id, never the national identity number: the lender knows the applicant already.
              PersonReference: signature.personId,
              Provider: signature.provider,
              TransactionId: signature.transactionId,
              SignedAt: signature.signedAt.toISOString(),
              DocumentSha256: signature.documentSha256,
            })),
          },
          idempotencyKey: `signed-agreement:${call.agreementId}`,
        }),
      );
      if (!answer.success || answer.data.QuoteId !== call.quoteId)
        answerOutsideContract(adapter, 'sendSignedAgreement');
    },
  };
}
