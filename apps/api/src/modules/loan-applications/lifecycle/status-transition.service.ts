import type { EventName } from '@nordloan/domain/enums';
import { checkTransition, type TransitionActor } from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { type NewOutboxEvent, outboxEventsWithUpdated } from '#src/jobs/outbox.repository.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { describeCaller, isApplicantOf } from '#src/lib/application-access.ts';
import { type Caller, staffRolesIn } from '#src/lib/caller.ts';
import {
  openAssignmentOfUpdated,
  placeInWorkQueue,
} from '#src/modules/backoffice/queues/placement.service.ts';
import {
  changeLockedApplicationReading,
  findApplicationForChange,
  findApplicationForChangeWithParts,
  findSnapshotParts,
  insertApplicationLock,
  releaseApplicationLocks,
  type SnapshotParts,
} from '#src/modules/loan-applications/loan-application.repository.ts';
import { statusTransitionOfUpdated } from './status-transition.repository.ts';

// The one way an application's status changes (ADR 0008): the row is held FOR UPDATE, the transition
// table decides (an illegal move is a 409 and nothing changes), and the new status, its revision row, the
// history row and the §3 events in the outbox are written in the caller's transaction.

/** Held from registration until every lender has answered, so the form cannot change under the lenders. */
export const LENDER_PANEL_LOCK = 'lending:lender-panel';
const lockReleasingStatuses: readonly number[] = [410, 270, 370];

export function describeActor(actor: TransitionActor): string {
  switch (actor.kind) {
    case 'applicant':
      return actor.id;
    case 'system':
      return `system:${actor.id}`;
    case 'lender':
      return `lender:${actor.id}`;
    case 'staff':
      return `staff:${actor.id}`;
  }
}

/** The transition actor an authenticated caller is for `application`: its applicant, or staff by role. */
export function actorForCaller(caller: Caller, application: LoanApplicationRow): TransitionActor {
  if (caller.kind === 'staff') {
    return {
      kind: 'staff',
      id: caller.agentId ?? 'unknown',
      roles: staffRolesIn(caller, application.country),
    };
  }
  if (!isApplicantOf(caller, application)) throw notFound();
  return { kind: 'applicant', id: describeCaller(caller) };
}

export interface TransitionInput {
  applicationId: string;
  to: ApplicationStatusCode;
  actor: TransitionActor;
  reason: string;
  now: Date;
  /** Extra fields for the events' payload (e.g. the accepted quote). */
  details?: Record<string, unknown>;
  /**
   * The application's applicants and sub-records, when the caller read them under the same lock (a status
   * change leaves them as they are, so consecutive changes in one transaction share one read).
   */
  parts?: SnapshotParts;
}

/** Moves the application or throws 409 (illegal for this actor or from this status) with nothing changed. */
export async function transitionApplication(
  tx: Executor,
  input: TransitionInput,
): Promise<LoanApplicationRow> {
  // The row held and, in the same statement, the snapshot's parts the change writes its revision with.
  const current = await findApplicationForChangeWithParts(tx, input.applicationId);
  if (!current) throw notFound();
  return applyTransition(tx, current.row, { ...input, parts: current.parts });
}

/**
 * Compare-and-set for the worker: moves only when the application is in one of `onlyFrom`, else answers
 * undefined and changes nothing — so a job that runs again after a crash does not move it twice.
 */
export async function transitionIfIn(
  tx: Executor,
  input: TransitionInput & {
    onlyFrom: readonly number[];
    /**
     * Writes that belong to the move (e.g. the register's debts on 180 → 200), run once the row is held
     * and found in `onlyFrom`, before the move. Under the lock, so a refused move writes nothing and the
     * application row is always locked before its sub-records (the order every change takes; ADR 0045's
     * waited-for check also relies on each writer of the parts bumping the row's Revision).
     */
    whileHeld?: (current: LoanApplicationRow) => Promise<void>;
  },
): Promise<LoanApplicationRow | undefined> {
  const { whileHeld, ...transition } = input;
  // With writes to make, the parts are read after them (by applyTransition), so the revision holds them.
  const held = whileHeld
    ? await findApplicationForChange(tx, input.applicationId)
    : await findApplicationForChangeWithParts(tx, input.applicationId);
  if (!held) throw notFound();
  if (!input.onlyFrom.includes(held.row.status)) return undefined;
  await whileHeld?.(held.row);
  return applyTransition(tx, held.row, 'parts' in held ? { ...transition, parts: held.parts } : transition);
}

/** The transition on a row the caller already holds FOR UPDATE in `tx`. */
export async function applyTransition(
  tx: Executor,
  current: LoanApplicationRow,
  input: TransitionInput,
): Promise<LoanApplicationRow> {
  const check = checkTransition(current.status, input.to, input.actor);
  if (!check.allowed) {
    throw conflict(check.message, {
      Status: current.status,
      RequestedStatus: input.to,
      Refusal: check.refusal,
    });
  }
  const changedBy = describeActor(input.actor);
  // The new row, its revision, the history row and the events in one statement (issue 12: a status
  // change was nine round trips inside the row lock). The events are made from the row as it will be;
  // the caller holds the lock, so it will be so.
  const after = { ...current, status: input.to, revision: current.revision + 1 };
  const events = check.events.map((eventName) =>
    applicationEvent(eventName, after, current.status, input, changedBy),
  );
  const { row: updated, also: openAssignment } = await changeLockedApplicationReading(tx, {
    row: current,
    parts: input.parts ?? (await findSnapshotParts(tx, current.id)),
    changes: { status: input.to },
    changedBy,
    reason: `status:${current.status}>${input.to}`,
    now: input.now,
    alsoWrite: [
      statusTransitionOfUpdated({
        fromStatus: current.status,
        actorKind: input.actor.kind,
        actorId: changedBy,
        reason: input.reason,
        createdAt: input.now,
      }),
      ...(events.length > 0 ? [outboxEventsWithUpdated(events)] : []),
    ],
    alsoRead: openAssignmentOfUpdated,
  });
  // The application enters (or leaves) its work queue with the status (ADR 0021); its open item was read
  // in the change's statement.
  await placeInWorkQueue(tx, updated, input.now, { openAssignment });
  if (changesLenderPanelLock(input.to)) {
    await changeLenderPanelLock(tx, current.id, updated.revision, input);
  }
  return updated;
}

/**
 * Whether a move to `to` takes or releases the lender panel's lock: after it, the snapshot parts read
 * before it (their `isLocked`) are out of date.
 */
export function changesLenderPanelLock(to: number): boolean {
  return to === 210 || lockReleasingStatuses.includes(to) || isTerminalStatus(to as ApplicationStatusCode);
}

async function changeLenderPanelLock(
  tx: Executor,
  applicationId: string,
  revision: number,
  input: TransitionInput,
): Promise<void> {
  if (input.to === 210) {
    await insertApplicationLock(tx, {
      applicationId,
      originalRevision: revision,
      lockedBy: LENDER_PANEL_LOCK,
      reason: 'Registered with the lender panel',
      now: input.now,
    });
  } else {
    await releaseApplicationLocks(tx, { applicationId, lockedBy: LENDER_PANEL_LOCK, now: input.now });
  }
}

function applicationEvent(
  eventName: EventName,
  application: LoanApplicationRow,
  from: number,
  input: TransitionInput,
  actorId: string,
): NewOutboxEvent {
  return {
    eventName,
    aggregateType: 'loan-application',
    aggregateId: application.id,
    loanApplicationId: application.id,
    payload: {
      LoanApplicationID: application.id,
      Product: application.product,
      Brand: application.brand,
      Country: application.country,
      From: from,
      To: input.to,
      Revision: application.revision,
      ActorKind: input.actor.kind,
      Actor: actorId,
      Reason: input.reason,
      ...input.details,
    },
    createdAt: input.now,
  };
}

/** A quote event (§3 loan-quote-*) for the outbox. */
export function quoteEvent(
  eventName: Extract<EventName, `loan-quote-${string}`>,
  quote: { id: string; loanApplicationId: string; lenderId: string; status: string },
  now: Date,
  details: Record<string, unknown> = {},
): NewOutboxEvent {
  return {
    eventName,
    aggregateType: 'loan-quote',
    aggregateId: quote.id,
    loanApplicationId: quote.loanApplicationId,
    payload: {
      LoanQuoteID: quote.id,
      LoanApplicationID: quote.loanApplicationId,
      LenderID: quote.lenderId,
      Status: quote.status,
      ...details,
    },
    createdAt: now,
  };
}
