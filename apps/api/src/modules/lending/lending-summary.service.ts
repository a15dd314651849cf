import type { ApplicationStatusCode } from '@nordloan/domain/statuses';
import { coarseStatusOf, finerStatusName, isFinerStatusCode, statusName } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { Caller } from '#src/lib/caller.ts';
import { loadApplicationForCaller } from '#src/modules/loan-applications/application-access.ts';
import { listLoanRequests, listQuotes, listStatusTransitions } from './lending.repository.ts';
import { lenderName, toLoanQuote, withdrawalWindowOf } from './quote.mapper.ts';

// GET /loan-application/{id}/lending: where the application stands with each lender (§4 finer codes),
// how it got there, the accepted offer and the 14-day withdrawal window its acceptance opened.

export async function lendingSummary(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const [requests, history, quotes] = await Promise.all([
    listLoanRequests(options.db, application.id),
    listStatusTransitions(options.db, application.id),
    listQuotes(options.db, application.id),
  ]);
  const accepted = quotes.find(
    (quote) => quote.acceptanceStatus === 'pending' || quote.acceptanceStatus === 'accepted',
  );
  return {
    LoanApplicationID: application.id,
    Status: application.status,
    StatusName: statusName(application.status as ApplicationStatusCode),
    LoanRequests: requests.map((request) => ({
      ID: request.id,
      LenderID: request.lenderId,
      LenderName: lenderName(request.lenderId),
      Status: request.status,
      StatusName: isFinerStatusCode(request.status)
        ? finerStatusName(request.status)
        : String(request.status),
      CoarseStatus: isFinerStatusCode(request.status) ? coarseStatusOf(request.status) : null,
      ReasonCode: request.reasonCode,
      RegisteredAt: request.registeredAt?.toISOString() ?? null,
      DecidedAt: request.decidedAt?.toISOString() ?? null,
    })),
    History: history.map((entry) => ({
      From: entry.fromStatus,
      To: entry.toStatus,
      ActorKind: entry.actorKind,
      Reason: entry.reason,
      CreatedAt: entry.createdAt.toISOString(),
    })),
    AcceptedQuote: accepted ? toLoanQuote(accepted) : null,
    WithdrawalWindow: withdrawalWindowOf(accepted, options.now()),
  };
}

/**
 * The 14-day withdrawal window an accepted offer opened, for showing on the application itself
 * (GET /loan-application/{id} may include it); null before an acceptance.
 */
export async function withdrawalWindowForApplication(db: Executor, applicationId: string, now: Date) {
  const accepted = (await listQuotes(db, applicationId)).find(
    (quote) => quote.acceptanceStatus === 'pending' || quote.acceptanceStatus === 'accepted',
  );
  return withdrawalWindowOf(accepted, now);
}
