import type { ApplicationStatusCode } from '@nordloan/domain/statuses';
import {
  amlBlockStatuses,
  coarseStatusOf,
  finerStatusName,
  isFinerStatusCode,
  statusName,
} from '@nordloan/domain/statuses';
import type { Db } from '#src/db/client.ts';
import type { ApplicationStatusTransitionRow } from '#src/db/schema/lending.ts';
import { loadApplicationForCaller, statusForApplicant } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import { lenderName, toLoanQuote, withdrawalWindowOf } from './quote.mapper.ts';

// GET /loan-application/{id}/lending: where the application stands with each lender (§4 finer codes),
// how it got there, the accepted offer and the 14-day withdrawal window its acceptance opened.

/**
 * Blocks for sanctions (198) and fraud (199) must not tip the applicant off (hvitvaskingsloven § 28 /
 * AMLD art. 39: no disclosure that a suspicion is being looked into): applicants see this neutral text.
 */
export const NEUTRAL_CLOSED_TEXT = 'The application has been closed';

/**
 * The reason an applicant may read. Their own words and the form-check's findings (what to complete) are
 * theirs; everything else (staff comments, screening hits, integration errors) is internal, so applicants
 * see the status's public name instead, and a neutral text for an AML block. Staff see the stored reason.
 */
function reasonFor(caller: Caller, entry: ApplicationStatusTransitionRow): string {
  if (caller.kind === 'staff') return entry.reason;
  if (amlBlockStatuses.includes(entry.toStatus)) return NEUTRAL_CLOSED_TEXT;
  if (entry.actorKind === 'applicant') return entry.reason;
  if (entry.actorKind === 'system' && entry.actorId === 'system:validation') return entry.reason;
  return publicStatusName(entry.toStatus);
}

function publicStatusName(code: number): string {
  if (amlBlockStatuses.includes(code)) return NEUTRAL_CLOSED_TEXT;
  return statusName(code as ApplicationStatusCode);
}

export async function lendingSummary(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const shownStatus = (code: number) => (options.caller.kind === 'staff' ? code : statusForApplicant(code));
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
    Status: shownStatus(application.status),
    StatusName:
      options.caller.kind === 'staff'
        ? statusName(application.status as ApplicationStatusCode)
        : publicStatusName(application.status),
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
      From: shownStatus(entry.fromStatus),
      To: shownStatus(entry.toStatus),
      ActorKind: entry.actorKind,
      Reason: reasonFor(options.caller, entry),
      CreatedAt: entry.createdAt.toISOString(),
    })),
    AcceptedQuote: accepted ? toLoanQuote(accepted) : null,
    WithdrawalWindow: withdrawalWindowOf(accepted, options.now()),
  };
}
