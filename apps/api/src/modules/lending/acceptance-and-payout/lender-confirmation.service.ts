import { isLoanRequestFinal } from '@nordloan/domain/status-machine';
import { applicationStatus, type FinerStatusCode } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '#src/jobs/outbox.repository.ts';
import { agreementHoldsPayout } from '#src/modules/lending/agreement-signing/agreement-signing.repository.ts';
import {
  approvedByLender,
  lenderActor,
  lockQuoteAndApplication,
  moveRequest,
  pendingDecision,
  system,
} from '#src/modules/lending/fan-out/request-progress.service.ts';
import type {
  AcceptResult,
  DisbursementDecisionResult,
  DisburseResult,
  LenderAdapter,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { listQuotes, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import {
  quoteEvent,
  transitionIfIn,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';

// The lender's side of acceptance and payout (issue 4): the lender confirms or refuses the acceptance,
// decides on the disbursement and pays out. Each runs in a job's finishing transaction (or a lender
// callback's) and does nothing when the state it expects is gone.

export async function recordAcceptance(
  tx: Executor,
  input: { quoteId: string; result: AcceptResult; adapter: LenderAdapter; now: Date },
): Promise<void> {
  const { now } = input;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (
    locked?.quote.acceptanceStatus !== 'pending' ||
    locked.application.status !== applicationStatus.offerAccepted
  )
    return;
  const { quote, application } = locked;
  const requests = await listLoanRequests(tx, application.id);
  const request = requests.find((candidate) => candidate.id === quote.loanRequestId)!;
  if (input.result.status === 'refused') {
    await updateQuote(tx, quote.id, { acceptanceStatus: 'failed', updatedAt: now });
    await moveRequest(tx, request, 448, now, { reason: input.result.reason });
    await transitionIfIn(tx, {
      applicationId: application.id,
      onlyFrom: [applicationStatus.offerAccepted],
      to: applicationStatus.pendingCustomerAccept,
      actor: system('lender-accept'),
      reason: `The lender refused the acceptance: ${input.result.reason}`,
      now,
    });
    return;
  }
  await updateQuote(tx, quote.id, {
    acceptanceStatus: 'accepted',
    status: 'accepted',
    signingUrl: input.result.signingUrl,
    updatedAt: now,
  });
  await moveRequest(tx, request, quote.replacesQuoteId ? 452 : 451, now);
  await transitionIfIn(tx, {
    applicationId: application.id,
    onlyFrom: [applicationStatus.offerAccepted],
    to: applicationStatus.pendingDisbursementApproval,
    actor: lenderActor(quote.lenderId),
    reason: 'The lender confirmed the acceptance; signing and checks',
    now,
    details: { LoanQuoteID: quote.id },
  });
  // The other offers are no longer open; lenders still deciding are told we are done.
  const events: NewOutboxEvent[] = [];
  for (const other of await listQuotes(tx, application.id, ['approved'])) {
    const closed = await updateQuote(tx, other.id, { status: 'not-accepted', updatedAt: now });
    events.push(quoteEvent('loan-quote-cancelled', closed, now, { ReasonCode: 'OTHER_OFFER_ACCEPTED' }));
  }
  for (const other of requests.filter((candidate) => candidate.id !== request.id)) {
    if (approvedByLender(other.status))
      await moveRequest(tx, other, 462, now, { reasonCode: 'OTHER_OFFER_ACCEPTED' });
    else if (pendingDecision(other.status))
      await moveRequest(tx, other, 382, now, { reasonCode: 'OTHER_OFFER_ACCEPTED' });
  }
  await insertOutboxEvents(tx, events);
  await enqueueJob(tx, {
    kind: jobKinds.lenderDisbursementDecision,
    payload: { quoteId: quote.id },
    dedupeKey: `${jobKinds.lenderDisbursementDecision}:${quote.id}`,
    runAt: new Date(now.getTime() + input.adapter.responseDelayMs('decision')),
  });
}

/** After the last attempt to reach the lender failed: the acceptance failed (448), the offers are open again. */
export async function recordAcceptanceFailure(
  tx: Executor,
  input: { quoteId: string; now: Date; error: string },
) {
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.acceptanceStatus !== 'pending') return;
  await updateQuote(tx, locked.quote.id, { acceptanceStatus: 'failed', updatedAt: input.now });
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  await moveRequest(tx, request, 448, input.now, { reason: input.error });
  await transitionIfIn(tx, {
    applicationId: locked.application.id,
    onlyFrom: [applicationStatus.offerAccepted],
    to: applicationStatus.pendingCustomerAccept,
    actor: system('lender-accept'),
    reason: 'The lender could not be reached to accept the offer',
    now: input.now,
  });
}

export async function recordDisbursementDecision(
  tx: Executor,
  input: {
    quoteId: string;
    result: DisbursementDecisionResult;
    actor: { kind: 'lender'; id: string } | { kind: 'staff'; id: string; roles: readonly string[] };
    adapter: LenderAdapter;
    now: Date;
  },
): Promise<LoanApplicationRow | undefined> {
  const { now, result } = input;
  if (result.status === 'pending') return undefined;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.status !== 'accepted') return undefined;
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  if (result.status === 'approved') {
    // No payout is approved before the lender's agreement is signed (ADR 0077): asked again after signing.
    if (await agreementHoldsPayout(tx, locked.quote.id)) return undefined;
    const moved = await transitionIfIn(tx, {
      applicationId: locked.application.id,
      onlyFrom: [applicationStatus.pendingDisbursementApproval],
      to: applicationStatus.approvedForDisbursement,
      actor: input.actor,
      reason: 'The lender approved the payout',
      now,
    });
    if (!moved) return undefined;
    if (!isLoanRequestFinal(request.status as FinerStatusCode)) await moveRequest(tx, request, 551, now);
    await enqueueJob(tx, {
      kind: jobKinds.lenderDisburse,
      payload: { quoteId: locked.quote.id },
      dedupeKey: `${jobKinds.lenderDisburse}:${locked.quote.id}`,
      runAt: now,
    });
    return moved;
  }
  const moved = await transitionIfIn(tx, {
    applicationId: locked.application.id,
    onlyFrom: [applicationStatus.pendingDisbursementApproval],
    to: applicationStatus.notApprovedForDisbursement,
    actor: input.actor,
    reason: `The lender refused the payout: ${result.reason}`,
    now,
  });
  if (moved)
    await moveRequest(tx, request, result.code, now, {
      reasonCode: result.reasonCode,
      reason: result.reason,
    });
  return moved;
}

export async function recordDisbursement(
  tx: Executor,
  input: {
    quoteId: string;
    result: DisburseResult;
    actor:
      | { kind: 'lender'; id: string }
      | { kind: 'staff'; id: string; roles: readonly string[] }
      | { kind: 'system'; id: string };
    now: Date;
  },
): Promise<LoanApplicationRow | undefined> {
  const { now } = input;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.status !== 'accepted') return undefined;
  // Nor ordered or recorded as paid out (ADR 0077).
  if (await agreementHoldsPayout(tx, locked.quote.id)) return undefined;
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  let current: LoanApplicationRow = locked.application;
  const ordered = await transitionIfIn(tx, {
    applicationId: current.id,
    onlyFrom: [applicationStatus.approvedForDisbursement],
    to: applicationStatus.pendingDisbursement,
    actor: { kind: 'system', id: 'lender-disburse' },
    reason: 'The payout was ordered',
    now,
  });
  if (ordered) {
    current = ordered;
    if (request.status === 551) await moveRequest(tx, request, 611, now);
  }
  if (input.result.status === 'pending') return current;
  const paid = await transitionIfIn(tx, {
    applicationId: current.id,
    onlyFrom: [applicationStatus.pendingDisbursement],
    to: applicationStatus.loanDisbursed,
    actor: input.actor.kind === 'system' ? lenderActor(locked.quote.lenderId) : input.actor,
    reason: `Loan paid out (${input.result.reference})`,
    now,
  });
  if (!paid) return undefined;
  const latest = (await listLoanRequests(tx, current.id)).find((r) => r.id === request.id)!;
  await moveRequest(tx, latest, 651, now, { externalReference: latest.externalReference });
  return paid;
}
