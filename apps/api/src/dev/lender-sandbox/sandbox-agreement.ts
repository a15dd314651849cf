import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import {
  lenderAgreementPath,
  lenderAgreementRequestSchema,
  lenderSignedAgreementPath,
  lenderSignedAgreementRequestSchema,
} from '#src/modules/lending/lender-api/lender-agreement.ts';
import { agreementPdf } from './agreement-pdf.ts';
import {
  answerSandboxOperation,
  operationPattern,
  type SandboxOperation,
  type SandboxOperationOptions,
} from './sandbox-operation.ts';

// The sandbox lender's side of the credit agreement (issue 36 item 1, docs/decisions/0075 and 0077): it
// hands over its agreement PDF for an accepted offer, and takes the signed agreement's evidence — after
// which, and only after which, the lender pays out (sandbox-lender.ts listens: onAgreementEvent). Both are
// checked as every operation beside the adapter's is (sandbox-operation.ts).

const agreementPattern = operationPattern(lenderAgreementPath);
const signedPattern = operationPattern(lenderSignedAgreementPath);

export function isAgreementPath(path: string): boolean {
  return agreementPattern.test(path) || signedPattern.test(path);
}

/** The lender handed over its agreement for an offer, or received the signed agreement's evidence. */
export interface AgreementEvent {
  kind: 'handed-over' | 'signed';
  reference: string;
  quoteId: string;
}

type Listener = (event: AgreementEvent) => void;

/** The agreement a simulated lender writes for an offer: a small PDF of its terms. */
export function simulatedAgreement(call: {
  lenderName: string;
  quoteId: string;
  amount: number;
  durationMonths: number;
  nominalRate: number;
  currency: string;
}) {
  return {
    fileName: `agreement-${call.quoteId.slice(0, 8)}.pdf`,
    content: agreementPdf(`${call.lenderName} - credit agreement`, [
      `Offer ${call.quoteId}`,
      `Amount: ${call.amount} ${call.currency}`,
      `Term: ${call.durationMonths} months`,
      `Nominal rate: ${call.nominalRate} %`,
      'Right of withdrawal: 14 days from signing.',
    ]),
  };
}

/**
 * Who hears of a lender's agreements, by the profile object the server passes with each request:
 * each sandbox lender holds its own copy of its profile, so two sandboxes in one process never hear each
 * other's.
 */
const listeners = new WeakMap<LenderProfile, Listener>();

export function onAgreementEvent(profile: LenderProfile, listener: Listener): void {
  listeners.set(profile, listener);
}

export function answerAgreement(
  request: IncomingMessage,
  response: ServerResponse,
  options: SandboxOperationOptions & { profile: LenderProfile },
): Promise<void> {
  const { profile } = options;
  const agreement: SandboxOperation<ReturnType<typeof lenderAgreementRequestSchema.parse>> = {
    path: lenderAgreementPath,
    schema: lenderAgreementRequestSchema,
    idempotent: true,
    answer(call) {
      listeners.get(profile)?.({
        kind: 'handed-over',
        reference: call.ApplicationReference,
        quoteId: call.QuoteId,
      });
      const { fileName, content } = simulatedAgreement({
        lenderName: profile.name,
        quoteId: call.QuoteId,
        amount: call.Amount,
        durationMonths: call.DurationMonths,
        nominalRate: call.NominalRate,
        currency: call.Currency,
      });
      return {
        status: 200,
        body: {
          ApplicationReference: call.ApplicationReference,
          QuoteId: call.QuoteId,
          Status: 'ready',
          FileName: fileName,
          ContentType: 'application/pdf',
          ContentBase64: content.toString('base64'),
        },
      };
    },
  };
  const signed: SandboxOperation<ReturnType<typeof lenderSignedAgreementRequestSchema.parse>> = {
    path: lenderSignedAgreementPath,
    schema: lenderSignedAgreementRequestSchema,
    idempotent: true,
    answer(evidence) {
      listeners.get(profile)?.({
        kind: 'signed',
        reference: evidence.ApplicationReference,
        quoteId: evidence.QuoteId,
      });
      return {
        status: 200,
        body: {
          ApplicationReference: evidence.ApplicationReference,
          QuoteId: evidence.QuoteId,
          Status: 'received',
        },
      };
    },
  };
  return signedPattern.test(options.path)
    ? answerSandboxOperation(request, response, { ...options, operation: signed })
    : answerSandboxOperation(request, response, { ...options, operation: agreement });
}
