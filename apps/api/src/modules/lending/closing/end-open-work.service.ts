import { isLoanRequestFinal, requestEndCodeFor } from '@nordloan/domain/status-machine';
import type { FinerStatusCode } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '#src/jobs/outbox.repository.ts';
import { moveRequest } from '#src/modules/lending/fan-out/request-progress.service.ts';
import { listQuotes, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { quoteEvent } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';

/**
 * When an application ends (withdrawn, cancelled, blocked, expired…) its lenders' open requests end with
 * the matching code (x91 withdrawn by customer, x89 expired, x82 cancelled by broker; 281 before
 * registration) and its open offers end too, each with a `loan-quote-cancelled` event.
 */
export async function endOpenWork(
  tx: Executor,
  input: {
    applicationId: string;
    ending: 'withdrawn' | 'cancelled' | 'expired' | 'resubmitted';
    now: Date;
    reason: string;
  },
): Promise<void> {
  const { now } = input;
  const suffixes = {
    withdrawn: [91, 81],
    cancelled: [82, 81],
    expired: [89, 95, 82, 81],
    resubmitted: [83, 82, 81],
  }[input.ending];
  for (const request of await listLoanRequests(tx, input.applicationId)) {
    if (isLoanRequestFinal(request.status as FinerStatusCode)) continue;
    const code = suffixes
      .map((suffix) => requestEndCodeFor(request.status as FinerStatusCode, suffix))
      .find((candidate) => candidate !== undefined);
    if (code) await moveRequest(tx, request, code, now, { reason: input.reason });
  }
  const quoteStatus = {
    withdrawn: 'withdrawn',
    cancelled: 'cancelled',
    expired: 'expired',
    resubmitted: 'cancelled',
  }[input.ending];
  const events: NewOutboxEvent[] = [];
  for (const quote of await listQuotes(tx, input.applicationId, ['approved', 'accepted'])) {
    const ended = await updateQuote(tx, quote.id, {
      status: quoteStatus,
      acceptanceStatus: quote.acceptanceStatus === 'pending' ? 'failed' : quote.acceptanceStatus,
      updatedAt: now,
    });
    events.push(quoteEvent('loan-quote-cancelled', ended, now, { ReasonCode: input.ending.toUpperCase() }));
  }
  await insertOutboxEvents(tx, events);
}
