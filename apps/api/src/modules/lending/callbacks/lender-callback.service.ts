import { cancelledStatusFor, lenderOverrideRoles, requestEndCodeFor } from '@nordloan/domain/status-machine';
import {
  type ApplicationStatusCode,
  applicationStatus,
  type FinerStatusCode,
  isInStatusGroup,
  statusesInGroups,
} from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { conflict, forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import { type Caller, staffRolesIn } from '#src/lib/caller.ts';
import {
  recordDisbursement,
  recordDisbursementDecision,
} from '#src/modules/lending/acceptance-and-payout/lender-confirmation.service.ts';
import { agreementHoldsPayout } from '#src/modules/lending/agreement-signing/agreement-signing.repository.ts';
import { endOpenWork } from '#src/modules/lending/closing/end-open-work.service.ts';
import { moveRequest } from '#src/modules/lending/fan-out/request-progress.service.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { findQuote, listQuotes, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest, listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  applyTransition,
  quoteEvent,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';

// Lender callbacks: a lender whose API answers asynchronously reports its disbursement decision and the
// payout here (and a clawback later). The caller is the lender's service account — a token with the
// Lender role in the lender's country whose subject is `lender:<lenderId>` — or Super staff recording an
// answer that came by phone (lenderOverrideRoles of the transition table).

export type CallbackActor =
  | { kind: 'lender'; id: string }
  | { kind: 'staff'; id: string; roles: readonly string[] };

function callbackActor(caller: Caller, lenderId: string, country: string): CallbackActor {
  if (caller.kind !== 'staff') throw forbidden('Only the lender may report this');
  const isLender =
    caller.agentId === `lender:${lenderId}` &&
    caller.roles.some((role) => role.Name === 'Lender' && role.Country === country);
  if (isLender) return { kind: 'lender', id: lenderId };
  const roles = staffRolesIn(caller, country);
  if (roles.some((role) => (lenderOverrideRoles as readonly string[]).includes(role))) {
    return { kind: 'staff', id: caller.agentId ?? 'unknown', roles };
  }
  throw forbidden('Only the lender may report this');
}

async function loadCallback(options: {
  db: Db;
  caller: Caller;
  panel: LenderPanel;
  lenderId: string;
  quoteId: string;
}) {
  const adapter = options.panel.adapter(options.lenderId);
  if (!adapter || !isUuid(options.quoteId)) throw notFound();
  const quote = await findQuote(options.db, options.quoteId);
  if (!quote || quote.lenderId !== options.lenderId) throw notFound();
  const actor = callbackActor(options.caller, options.lenderId, adapter.profile.country);
  return { adapter, quote, actor };
}

const notWaiting = (application: LoanApplicationRow | undefined, what: string) =>
  conflict(`The application is not waiting for ${what}`, { Status: application?.status ?? null });

/** A payout approved or reported before the agreement is signed (ADR 0077) is refused with its reason. */
async function refusal(db: Db, quote: LoanQuoteRow, what: string) {
  const application = await findApplicationById(db, quote.loanApplicationId);
  if (await agreementHoldsPayout(db, quote.id))
    return conflict('The payout waits for the signed credit agreement', {
      Status: application?.status ?? null,
    });
  return notWaiting(application, what);
}

export async function reportDisbursementDecision(options: {
  db: Db;
  caller: Caller;
  panel: LenderPanel;
  lenderId: string;
  quoteId: string;
  decision: 'approved' | 'declined';
  code?: 561 | 562 | 563 | 569;
  reason?: string;
  now: () => Date;
}): Promise<LoanApplicationRow> {
  const { db } = options;
  const { adapter, quote, actor } = await loadCallback(options);
  const moved = await db.transaction((tx) =>
    recordDisbursementDecision(tx, {
      quoteId: quote.id,
      result:
        options.decision === 'approved'
          ? { status: 'approved' }
          : {
              status: 'declined',
              code: options.code ?? 569,
              reasonCode: `DISBURSEMENT_${options.code ?? 569}`,
              reason: options.reason ?? 'Not approved for disbursement',
            },
      actor,
      adapter,
      now: options.now(),
    }),
  );
  if (!moved) throw await refusal(db, quote, 'a disbursement decision');
  return moved;
}

export async function reportDisbursed(options: {
  db: Db;
  caller: Caller;
  panel: LenderPanel;
  lenderId: string;
  quoteId: string;
  reference: string;
  now: () => Date;
}): Promise<LoanApplicationRow> {
  const { db } = options;
  const { quote, actor } = await loadCallback(options);
  const application = await findApplicationById(db, quote.loanApplicationId);
  if (!application || !isInStatusGroup(application.status, 'Disbursing'))
    throw notWaiting(application, 'a payout');
  const paid = await db.transaction((tx) =>
    recordDisbursement(tx, {
      quoteId: quote.id,
      result: { status: 'disbursed', reference: options.reference },
      actor,
      now: options.now(),
    }),
  );
  if (paid?.status !== applicationStatus.loanDisbursed) throw await refusal(db, quote, 'a payout');
  return paid;
}

/** A lender's offer stands: approved, accepted, or approved for the payout (§4 Approved, Accepted, Disbursing). */
const offerStandingStatuses: readonly number[] = statusesInGroups(['Approved', 'Accepted', 'Disbursing']);

/** 600/610 → 670 "not disbursed" (request 661), 700 → 800 clawback, or the lender cancels (x80 of the phase). */
export async function reportLenderOutcome(options: {
  db: Db;
  caller: Caller;
  panel: LenderPanel;
  lenderId: string;
  quoteId: string;
  outcome: LenderOutcome;
  reason: string;
  now: () => Date;
}): Promise<LoanApplicationRow> {
  const { db } = options;
  const { quote, actor } = await loadCallback(options);
  const moved = await db.transaction((tx) =>
    applyLenderOutcome(tx, {
      quote,
      outcome: options.outcome,
      reason: options.reason,
      actor,
      now: options.now(),
    }),
  );
  if (!moved) throw notWaiting(await findApplicationById(db, quote.loanApplicationId), options.outcome);
  return moved;
}

export type LenderOutcome = 'not-disbursed' | 'clawback' | 'cancelled';

/**
 * reportLenderOutcome's change in the caller's transaction (the token routes and the signed callbacks):
 * the application moved, or undefined when its status does not take this outcome.
 */
export async function applyLenderOutcome(
  tx: Executor,
  input: { quote: LoanQuoteRow; outcome: LenderOutcome; reason: string; actor: CallbackActor; now: Date },
): Promise<LoanApplicationRow | undefined> {
  const { quote, now, actor } = input;
  const application = await findApplicationByIdForUpdate(tx, quote.loanApplicationId);
  if (!application) return undefined;
  const from = application.status as ApplicationStatusCode;
  const to =
    input.outcome === 'not-disbursed'
      ? isInStatusGroup(from, 'Disbursing')
        ? applicationStatus.notDisbursed
        : undefined
      : input.outcome === 'clawback'
        ? from === applicationStatus.loanDisbursed
          ? applicationStatus.clawbacked
          : undefined
        : offerStandingStatuses.includes(from)
          ? cancelledStatusFor(from)
          : undefined;
  if (!to) return undefined;
  if (input.outcome === 'cancelled' && isInStatusGroup(from, 'Approved')) {
    // While the customer decides, one lender withdrawing its offer ends only that offer; the
    // application is cancelled (480) only when no offer is left and no lender is still deciding.
    const left = await cancelLenderOffers(tx, { quote, reason: input.reason, now });
    if (left > 0) return application;
  }
  const done = await applyTransition(tx, application, {
    applicationId: application.id,
    to,
    actor,
    reason: input.reason,
    now,
  });
  if (to === applicationStatus.notDisbursed) {
    const request = await findLoanRequest(tx, quote.loanRequestId);
    if (request && [551, 611, 649].includes(request.status)) {
      await moveRequest(tx, request, 661 as FinerStatusCode, now, { reason: input.reason });
    }
  }
  if (input.outcome === 'cancelled') {
    await endOpenWork(tx, {
      applicationId: application.id,
      ending: 'cancelled',
      now,
      reason: input.reason,
    });
  }
  return done;
}

/** Ends the lender's open offers for this request (481 cancelled by bank); answers what is still open. */
async function cancelLenderOffers(
  tx: Executor,
  input: { quote: LoanQuoteRow; reason: string; now: Date },
): Promise<number> {
  const { quote, now } = input;
  const events = [];
  for (const open of await listQuotes(tx, quote.loanApplicationId, ['approved'])) {
    if (open.loanRequestId !== quote.loanRequestId) continue;
    const cancelled = await updateQuote(tx, open.id, { status: 'cancelled', updatedAt: now });
    events.push(quoteEvent('loan-quote-cancelled', cancelled, now, { ReasonCode: 'CANCELLED_BY_LENDER' }));
  }
  await insertOutboxEvents(tx, events);
  const request = await findLoanRequest(tx, quote.loanRequestId);
  const code = request && requestEndCodeFor(request.status as FinerStatusCode, 81);
  if (request && code) await moveRequest(tx, request, code, now, { reason: input.reason });
  const stillOpen = await listQuotes(tx, quote.loanApplicationId, ['approved']);
  const deciding = (await listLoanRequests(tx, quote.loanApplicationId)).some(
    (candidate) =>
      (candidate.status >= 211 && candidate.status <= 251) ||
      (candidate.status >= 311 && candidate.status <= 349),
  );
  return stillOpen.length + (deciding ? 1 : 0);
}
