import { randomUUID } from 'node:crypto';
import {
  acceptanceResponseSchema,
  decisionResponseSchema,
  disbursementDecisionResponseSchema,
  disbursementResponseSchema,
  type LenderApiOperation,
  lenderApiPath,
  offerChangeResponseSchema,
  registerApplicationResponseSchema,
} from '@nordloan/domain/lending/lender-api';
import { decisionOfferProblems } from '@nordloan/domain/lending/lender-api-rules';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { z } from 'zod';
import type { LenderEndpointConfig } from '#src/config.ts';
import { LenderAnswerError } from '#src/modules/lending/fan-out/lender-calls.ts';
import type { LenderAdapter } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import type { CircuitSnapshot } from './circuit-breaker.ts';
import type { LenderCredentials } from './lender-credentials.ts';
import {
  createLenderHttpClient,
  type LenderCallInput,
  type LenderCallStats,
  type LenderSideOperation,
} from './lender-http-client.ts';
import { applicationToWire, documentAskFromWire, offerFromWire, offerToWire } from './wire-mapping.ts';

// The LenderAdapter of a lender reached over HTTP (issue 33 item 2, docs/decisions/0062): each operation
// of the interface is one call of the lender API (lenderApiOperations of the domain), and every answer is
// held against the contract before the engine sees it — its schema, that it answers this application and
// this offer, and that an approval is for the terms asked. An answer that fails any of it is the lender
// failing (LenderAnswerError): the job records it with its reason after its last try, and nothing of it
// reaches an applicant. Offers that pass but break a country cap are withheld by the engine as any
// lender's are (decisions/decision.service.ts).

export interface HttpLenderAdapter extends LenderAdapter {
  readonly transport: 'http';
  readonly endpoint: LenderEndpointConfig;
  /**
   * One call of an operation beside the interface's (the agreement, a human review, a withdrawal notice, the
   * pre-qualification: docs/decisions/0077) through this lender's client — its pool, breaker, rate limit
   * and counters. Answers the parsed 2xx body; the caller holds it against its own schema.
   */
  send(input: LenderCallInput & { operation: LenderSideOperation }): Promise<unknown>;
  /** The caller found the answer of `send` outside the contract: counted as a bad answer. */
  recordBadAnswer(operation: LenderSideOperation): void;
  circuit(): CircuitSnapshot;
  stats(): LenderCallStats;
  close(): void;
}

/** Whether a panel adapter is called over HTTP (and so has a circuit to show). */
export function isHttpLenderAdapter(adapter: LenderAdapter): adapter is HttpLenderAdapter {
  return (adapter as Partial<HttpLenderAdapter>).transport === 'http';
}

export function createHttpLenderAdapter(options: {
  profile: LenderProfile;
  endpoint: LenderEndpointConfig;
  credentials: LenderCredentials;
  /** Wall-clock time of signatures and the circuit (lender-http-client.ts); real time unless replaced. */
  clock?: () => Date;
  backoffMs?: (retry: number) => number;
  budgetMs?: number;
}): HttpLenderAdapter {
  const { profile, endpoint } = options;
  const lenderId = profile.id;
  const client = createLenderHttpClient({
    lenderId,
    endpoint,
    secrets: () => options.credentials.secretsOf(lenderId),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
  });

  const bad = (operation: LenderApiOperation, problem: string): never => {
    client.recordBadAnswer(operation);
    throw new LenderAnswerError(lenderId, `${operation}: ${problem}`);
  };

  /** Calls the operation and answers the lender's answer if it keeps the contract. */
  async function call<Schema extends z.ZodType<{ ApplicationReference: string; QuoteId?: string }>>(input: {
    operation: LenderApiOperation;
    reference: string;
    quoteId?: string;
    message: Record<string, unknown>;
    idempotencyKey: string;
    schema: Schema;
  }): Promise<z.infer<Schema>> {
    const raw = await client.post({
      operation: input.operation,
      path: lenderApiPath(input.operation, input.reference),
      message: input.message,
      idempotencyKey: input.idempotencyKey,
    });
    const parsed = input.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return bad(
        input.operation,
        `an answer outside the lender API (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    // Nothing a lender answers can reach another application or offer.
    if (parsed.data.ApplicationReference !== input.reference) {
      return bad(input.operation, 'an answer about another application');
    }
    if (input.quoteId !== undefined && parsed.data.QuoteId !== input.quoteId) {
      return bad(input.operation, 'an answer about another offer');
    }
    return parsed.data;
  }

  return {
    transport: 'http',
    endpoint,
    profile,
    // A real API answers within the call; a lender that says `pending` is asked again after its poll
    // interval (or calls back first).
    responseDelayMs: (operation) => (operation === 'decision' ? endpoint.pollIntervalMs : 0),

    async registerApplication(lenderCall) {
      const answer = await call({
        operation: 'registerApplication',
        reference: lenderCall.requestId,
        message: {
          ApplicationReference: lenderCall.requestId,
          Application: applicationToWire(lenderCall.application, { simulation: endpoint.simulation }),
          ...(endpoint.callbackUrl ? { CallbackUrl: endpoint.callbackUrl } : {}),
        },
        // One per loan request: a retried registration is never a second application at the bank.
        idempotencyKey: `register:${lenderCall.requestId}`,
        schema: registerApplicationResponseSchema,
      });
      return answer.Status === 'registered'
        ? { status: 'registered', externalReference: answer.LenderReference }
        : {
            status: 'not-registered',
            code: answer.Code,
            reasonCode: answer.ReasonCode,
            reason: answer.Reason,
          };
    },

    async fetchDecision(lenderCall) {
      const answer = await call({
        operation: 'fetchDecision',
        reference: lenderCall.requestId,
        message: { ApplicationReference: lenderCall.requestId },
        // A question, not a change: a new key for each poll (a stored `pending` must not answer the next),
        // the same for the tries of one poll.
        idempotencyKey: `decision:${lenderCall.requestId}:${randomUUID()}`,
        schema: decisionResponseSchema,
      });
      if (answer.Status === 'pending') return { status: 'pending' };
      if (answer.Status === 'declined') {
        return {
          status: 'decided',
          decision: {
            kind: 'declined',
            code: answer.Code,
            // A lender's own reason codes are kept as it sends them (the domain lists the simulation's).
            reasonCode: answer.ReasonCode as 'CREDIT_SCORE',
            reason: answer.Reason,
          },
          documentsAsked: [],
        };
      }
      const { application } = lenderCall;
      const problems = decisionOfferProblems(
        {
          product: application.product,
          amount: application.amount,
          durationMonths: application.durationMonths,
        },
        answer.Status,
        answer.Offers,
      );
      if (problems.length > 0) bad('fetchDecision', problems.join('; '));
      return {
        status: 'decided',
        decision: { kind: answer.Status, offers: answer.Offers.map(offerFromWire) },
        documentsAsked: answer.DocumentsRequested.map(documentAskFromWire),
      };
    },

    async changeOffer(lenderCall) {
      const { quote } = lenderCall;
      const answer = await call({
        operation: 'changeOffer',
        reference: lenderCall.requestId,
        quoteId: quote.quoteId,
        message: {
          ApplicationReference: lenderCall.requestId,
          QuoteId: quote.quoteId,
          LenderReference: quote.externalReference,
          CurrentOffer: offerToWire(quote.offer),
          Amount: lenderCall.amount,
          DurationMonths: lenderCall.durationMonths,
        },
        idempotencyKey: `offer-change:${quote.quoteId}:${lenderCall.amount}:${lenderCall.durationMonths}`,
        schema: offerChangeResponseSchema,
      });
      if (answer.Status === 'refused') return { status: 'refused', reason: answer.Reason };
      if (
        answer.Offer.Amount !== lenderCall.amount ||
        answer.Offer.DurationMonths !== lenderCall.durationMonths
      ) {
        bad(
          'changeOffer',
          `an offer of ${answer.Offer.Amount} over ${answer.Offer.DurationMonths} months, not the ${lenderCall.amount} over ${lenderCall.durationMonths} asked`,
        );
      }
      return { status: 'changed', offer: offerFromWire(answer.Offer) };
    },

    async acceptOffer(lenderCall) {
      const { quote } = lenderCall;
      const answer = await call({
        operation: 'acceptOffer',
        reference: lenderCall.requestId,
        quoteId: quote.quoteId,
        message: {
          ApplicationReference: lenderCall.requestId,
          QuoteId: quote.quoteId,
          LenderReference: quote.externalReference,
          Offer: offerToWire(quote.offer),
        },
        idempotencyKey: `acceptance:${quote.quoteId}`,
        schema: acceptanceResponseSchema,
      });
      return answer.Status === 'accepted'
        ? { status: 'accepted', signingUrl: answer.SigningUrl }
        : { status: 'refused', reason: answer.Reason };
    },

    async requestDisbursementDecision(lenderCall) {
      const { quote } = lenderCall;
      const answer = await call({
        operation: 'requestDisbursementDecision',
        reference: lenderCall.requestId,
        quoteId: quote.quoteId,
        message: {
          ApplicationReference: lenderCall.requestId,
          QuoteId: quote.quoteId,
          LenderReference: quote.externalReference,
        },
        idempotencyKey: `disbursement-decision:${quote.quoteId}:${randomUUID()}`,
        schema: disbursementDecisionResponseSchema,
      });
      if (answer.Status === 'declined') {
        return {
          status: 'declined',
          code: answer.Code,
          reasonCode: answer.ReasonCode,
          reason: answer.Reason,
        };
      }
      return { status: answer.Status };
    },

    async disburse(lenderCall) {
      const { quote } = lenderCall;
      const answer = await call({
        operation: 'disburse',
        reference: lenderCall.requestId,
        quoteId: quote.quoteId,
        message: {
          ApplicationReference: lenderCall.requestId,
          QuoteId: quote.quoteId,
          LenderReference: quote.externalReference,
        },
        // The money moves once: a retried payout order is the same order.
        idempotencyKey: `disbursement:${quote.quoteId}`,
        schema: disbursementResponseSchema,
      });
      return answer.Status === 'disbursed'
        ? { status: 'disbursed', reference: answer.Reference }
        : { status: 'pending' };
    },

    send: (input) => client.post(input),
    recordBadAnswer: (operation) => client.recordBadAnswer(operation),
    circuit: () => client.circuit(),
    stats: () => client.stats(),
    close: () => client.close(),
  };
}
