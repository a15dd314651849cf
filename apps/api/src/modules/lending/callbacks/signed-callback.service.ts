import type {
  CallbackAcknowledgement,
  LenderCallback,
  LenderCallbackType,
} from '@nordloan/domain/lending/lender-api';
import {
  type CallbackState,
  callbackOrder,
  callbackReadiness,
} from '@nordloan/domain/lending/lender-api-rules';
import type { Db, Executor } from '#src/db/client.ts';
import type { LenderCallbackRow } from '#src/db/schema/lender-callbacks.ts';
import { forbidden, notFound, unauthorized } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import { agreementHoldsPayout } from '#src/modules/lending/agreement-signing/agreement-signing.repository.ts';
import type { LenderCredentials } from '#src/modules/lending/lender-api/lender-credentials.ts';
import {
  signatureHeaderProblem,
  verifyLenderSignature,
} from '#src/modules/lending/lender-api/lender-signature.ts';
import type { LenderAdapter, LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { findQuote, listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { applyCallback } from './callback-effects.ts';
import {
  findCallback,
  insertCallbackOnce,
  listRequestsWithWaitingCallbacks,
  listWaitingCallbacks,
  settleCallback,
} from './callback-inbox.repository.ts';

// Signed lender callbacks (issue 33 item 3, docs/decisions/0062): POST /lender-api/callbacks/:lenderId.
// Refused and changing nothing: a request without a signature (401, before anything is looked up), an
// unknown lender (404), a lender without a secret (403), a wrong or stale signature (401), a message
// naming another lender (403), an application or offer that is not that lender's (404). Otherwise the
// callback is kept once by its MessageId (a second delivery is a
// duplicate) and acted on in the order the lender's work takes: one that arrives before its predecessor
// waits and is acted on when the predecessor has been; one the application has moved past is kept and
// ignored. Under the application's row lock, so callbacks of one application never interleave.

const signatureProblems = {
  missing: 'The callback is not signed',
  malformed: 'The callback signature is malformed',
  stale: 'The callback is outside the replay window',
  mismatch: 'The callback signature does not match',
  'no-secret': 'The lender has no secret for signed callbacks',
} as const;

/** Before the body is read: the lender is known and the raw body is signed with its secret. */
export async function authenticateCallback(options: {
  panel: LenderPanel;
  credentials: LenderCredentials;
  lenderId: string;
  rawBody: string;
  signature: string | string[] | undefined;
  clock?: () => Date;
}): Promise<LenderAdapter> {
  // An unsigned request learns nothing, not even whether the lender exists: 401 before anything else.
  const shape = signatureHeaderProblem(options.signature);
  if (shape) throw unauthorized(signatureProblems[shape]);
  const adapter = options.panel.adapter(options.lenderId);
  if (!adapter) throw notFound('Unknown lender');
  const secrets = await options.credentials.secretsOf(options.lenderId);
  if (secrets.length === 0) throw forbidden(signatureProblems['no-secret']);
  const check = verifyLenderSignature({
    header: options.signature,
    body: options.rawBody,
    secrets,
    // The replay window is between the lender's clock and ours, not business time.
    now: (options.clock ?? (() => new Date()))(),
  });
  if (!check.ok) throw unauthorized(signatureProblems[check.reason]);
  return adapter;
}

/** What the callback names, checked to be the lender's own: its request and (when named) its offer. */
async function callbackTarget(db: Executor, lenderId: string, message: LenderCallback) {
  if (message.LenderId !== lenderId) throw forbidden('The callback names another lender');
  const request = isUuid(message.ApplicationReference)
    ? await findLoanRequest(db, message.ApplicationReference)
    : undefined;
  // Nothing a lender sends can reach another lender's application: not found, as if it did not exist.
  if (!request || request.lenderId !== lenderId) throw notFound('Unknown application reference');
  const quoteId = 'QuoteId' in message && message.QuoteId ? message.QuoteId : null;
  if (quoteId) {
    const quote = await findQuote(db, quoteId);
    if (!quote || quote.lenderId !== lenderId || quote.loanRequestId !== request.id)
      throw notFound('Unknown offer');
  }
  return { request, quoteId };
}

async function stateOf(
  tx: Executor,
  row: LenderCallbackRow,
  applicationStatus: number,
): Promise<CallbackState> {
  const request = await findLoanRequest(tx, row.loanRequestId);
  const quote = row.loanQuoteId ? await findQuote(tx, row.loanQuoteId) : undefined;
  const open = await listQuotes(tx, row.loanApplicationId, ['approved', 'accepted']);
  // An approval of the payout or a payout report waits for the signed agreement (ADR 0077); a refusal does not.
  const paysOut =
    row.type === 'disbursed' ||
    (row.type === 'disbursement-decision' && (row.payload as { Decision?: string }).Decision === 'approved');
  return {
    applicationStatus,
    requestStatus: request?.status ?? 0,
    quoteStatus: quote?.status ?? null,
    requestHasOpenQuote: open.some((candidate) => candidate.loanRequestId === row.loanRequestId),
    payoutHeld: paysOut && quote ? await agreementHoldsPayout(tx, quote.id) : false,
  };
}

/**
 * Acts on the lender's waiting callbacks of the application that are in their place, in the lender's
 * order (callbackOrder), again after each one that acted (it may let the next in), until none can.
 */
export async function settleWaitingCallbacks(
  tx: Executor,
  input: { applicationId: string; lenderId: string; adapter: LenderAdapter; now: Date },
): Promise<void> {
  const { applicationId, lenderId, adapter, now } = input;
  // Each pass settles at least one callback, so there are at most as many passes as waiting callbacks.
  for (let pass = 0; pass < 100; pass++) {
    // The application's row lock before the waiting list, never after: on PostgreSQL another transaction (a
    // callback received, a payout job) may have settled callbacks while this one waited for the lock, and a
    // list read before it would act on them again (an approval applied there, then "too late" here).
    const application = await findApplicationByIdForUpdate(tx, applicationId);
    if (!application) return;
    const waiting = (await listWaitingCallbacks(tx, { applicationId, lenderId })).sort(
      (a, b) =>
        callbackOrder[a.type as LenderCallbackType] - callbackOrder[b.type as LenderCallbackType] ||
        a.id - b.id,
    );
    let settled = false;
    // Nothing changes within a pass until a callback is settled, which ends the pass.
    for (const row of waiting) {
      const readiness = callbackReadiness(
        row.type as LenderCallbackType,
        await stateOf(tx, row, application.status),
      );
      if (readiness === 'waiting') continue;
      if (readiness === 'past') {
        await settleCallback(tx, {
          id: row.id,
          state: 'ignored',
          outcome: `Too late: the application is at ${application.status}`,
          now,
        });
      } else {
        const request = await findLoanRequest(tx, row.loanRequestId);
        if (!request) return;
        const effect = await applyCallback(tx, {
          message: row.payload as LenderCallback,
          request,
          quoteId: row.loanQuoteId,
          adapter,
          now,
        });
        await settleCallback(tx, {
          id: row.id,
          state: effect.applied ? 'applied' : 'ignored',
          outcome: effect.applied ? null : effect.reason,
          now,
        });
      }
      settled = true;
      break;
    }
    if (!settled) return;
  }
}

/**
 * After a job moved lender requests (a registration or a decision recorded from the lender's answer): the
 * callbacks that came before the request could take them — an offer sent by callback while the API was
 * still recording the registration, say after a restart — are acted on now or settled as past, never left
 * waiting for a move that has already happened.
 */
export async function settleWaitingCallbacksOfRequests(
  tx: Executor,
  input: { requestIds: readonly string[]; panel: LenderPanel; now: Date },
): Promise<void> {
  for (const { applicationId, lenderId } of await listRequestsWithWaitingCallbacks(tx, input.requestIds)) {
    const adapter = input.panel.adapter(lenderId);
    if (adapter) await settleWaitingCallbacks(tx, { applicationId, lenderId, adapter, now: input.now });
  }
}

/** Keeps a signed, parsed callback once and acts on what is in its place; answers its acknowledgement. */
export async function receiveCallback(options: {
  db: Db;
  adapter: LenderAdapter;
  lenderId: string;
  message: LenderCallback;
  now: () => Date;
}): Promise<{ status: 200 | 202; acknowledgement: CallbackAcknowledgement }> {
  const { db, lenderId, message } = options;
  const { request, quoteId } = await callbackTarget(db, lenderId, message);
  const row = await db.transaction(async (tx) => {
    const now = options.now();
    // The application's row lock: callbacks of one application are kept and acted on one at a time.
    await findApplicationByIdForUpdate(tx, request.loanApplicationId);
    const kept = await insertCallbackOnce(tx, {
      lenderId,
      messageId: message.MessageId,
      type: message.Type,
      loanApplicationId: request.loanApplicationId,
      loanRequestId: request.id,
      loanQuoteId: quoteId,
      sentAt: new Date(message.SentAt),
      receivedAt: now,
      payload: message as unknown as Record<string, unknown>,
      state: 'waiting',
    });
    if (!kept.created) return { ...kept.row, duplicate: true };
    await settleWaitingCallbacks(tx, {
      applicationId: request.loanApplicationId,
      lenderId,
      adapter: options.adapter,
      now,
    });
    return { ...((await findCallback(tx, kept.row.id)) ?? kept.row), duplicate: false };
  });
  const outcome = row.duplicate ? 'duplicate' : row.state;
  return {
    status: outcome === 'waiting' ? 202 : 200,
    acknowledgement: {
      MessageId: message.MessageId,
      Outcome: outcome,
      ...(row.outcome ? { Reason: row.outcome } : {}),
    },
  };
}
