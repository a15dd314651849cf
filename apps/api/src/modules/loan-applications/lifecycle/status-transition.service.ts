import type { EventName } from '@nordloan/domain/enums';
import { checkTransition, type TransitionActor } from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, applicationStatus, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { type NewOutboxEvent, outboxEventsWithUpdated } from '#src/jobs/outbox.repository.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { describeCaller, isApplicantOf } from '#src/lib/application-access.ts';
import { type Caller, staffRolesIn } from '#src/lib/caller.ts';
import {
  insertApplicationLocks,
  releaseApplicationLocks,
} from '#src/modules/loan-applications/application-lock.repository.ts';
import {
  findApplicationForChange,
  findApplicationForChangeWithParts,
} from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  findSnapshotParts,
  type SnapshotParts,
  snapshotOf,
} from '#src/modules/loan-applications/application-revision.repository.ts';
import {
  changeLockedApplications,
  type LockedStatusChange,
} from '#src/modules/loan-applications/application-write.repository.ts';
import { type StatusTransitionValues, statusTransitionsOfUpdated } from './status-transition.repository.ts';

// The one way an application's status changes (ADR 0008): the row is held FOR UPDATE, the transition
// table decides (an illegal move is a 409 and nothing changes), and the new status, its revision row, the
// history row and the §3 events in the outbox are written in the caller's transaction.

/** Held from registration until every lender has answered, so the form cannot change under the lenders. */
export const LENDER_PANEL_LOCK = 'lending:lender-panel';
// Every lender has answered (with an offer to accept, or none registered or approved): the form may change.
const lockReleasingStatuses: readonly number[] = [
  applicationStatus.pendingCustomerAccept,
  applicationStatus.notRegistered,
  applicationStatus.notApproved,
];

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
  const parts = input.parts ?? (await findSnapshotParts(tx, current.id));
  const [updated] = await writeTransitionChains(
    tx,
    [planTransitionChain({ row: current, parts, steps: [input] })],
    input.now,
  );
  return updated!;
}

/** One application's status moves, one after the other, on its row held FOR UPDATE (ADR 0047). */
export interface TransitionChain {
  row: LoanApplicationRow;
  /** The applicants and sub-records read under the lock (status changes leave them as they are). */
  parts: SnapshotParts;
  /** Each step's move; a step's own `parts` when the parts changed in between (e.g. the register's debts). */
  steps: ReadonlyArray<Omit<TransitionInput, 'applicationId'>>;
}

/** A chain checked against the transition table, with each step's revision, history row and events. */
export interface PlannedTransitionChain {
  change: LockedStatusChange;
  history: StatusTransitionValues[];
  events: NewOutboxEvent[];
  /** The chain's last status, where the lender panel's lock is taken or released (changesLenderPanelLock). */
  to: ApplicationStatusCode;
  now: Date;
}

/**
 * Checks every step of the chain (409 as for one move: illegal for the actor or from the status it then
 * stands in) and makes, without the database, each step's revision snapshot, history row and events.
 */
export function planTransitionChain(chain: TransitionChain): PlannedTransitionChain {
  const { row, parts } = chain;
  let current = row;
  const change: LockedStatusChange = { row, steps: [] };
  const history: StatusTransitionValues[] = [];
  const events: NewOutboxEvent[] = [];
  chain.steps.forEach((step, index) => {
    const check = checkTransition(current.status, step.to, step.actor);
    if (!check.allowed) {
      throw conflict(check.message, {
        Status: current.status,
        RequestedStatus: step.to,
        Refusal: check.refusal,
      });
    }
    // The parts' lock flag would be stale after a move that takes or releases the panel's lock.
    if (index < chain.steps.length - 1 && changesLenderPanelLock(step.to)) {
      throw new Error(`Application ${row.id}: no step may follow a move to ${step.to} in one chain`);
    }
    const changedBy = describeActor(step.actor);
    const after = { ...current, status: step.to, revision: current.revision + 1, updatedAt: step.now };
    change.steps.push({
      status: step.to,
      snapshot: snapshotOf(after, step.parts ?? parts),
      changedBy,
      reason: `status:${current.status}>${step.to}`,
    });
    history.push({
      loanApplicationId: row.id,
      fromStatus: current.status,
      toStatus: step.to,
      revision: after.revision,
      actorKind: step.actor.kind,
      actorId: changedBy,
      reason: step.reason,
      createdAt: step.now,
    });
    for (const eventName of check.events) {
      events.push(applicationEvent(eventName, after, current.status, step, changedBy));
    }
    current = after;
  });
  const last = chain.steps.at(-1);
  if (!last) throw new Error(`Application ${row.id}: a transition chain without steps`);
  return { change, history, events, to: last.to, now: last.now };
}

/**
 * Writes planned chains of applications the caller holds FOR UPDATE in `tx`: every row, revision, history
 * row and event in ONE statement (issue 12: a status change was nine round trips inside the row lock), then
 * the lender panel's lock. Answers the changed rows in the chains' order. What a status change sets off in
 * other modules (the work queues, the screening of a submission) reacts to its outbox event (ADR 0056).
 */
export async function writeTransitionChains(
  tx: Executor,
  chains: readonly PlannedTransitionChain[],
  now: Date,
): Promise<LoanApplicationRow[]> {
  if (chains.length === 0) return [];
  if (new Set(chains.map((chain) => chain.change.row.id)).size !== chains.length) {
    throw new Error('Two transition chains of one application in one write');
  }
  const history = chains.flatMap((chain) => chain.history);
  const events = chains.flatMap((chain) => chain.events);
  const changed = await changeLockedApplications(tx, {
    changes: chains.map((chain) => chain.change),
    now,
    alsoWrite: [
      statusTransitionsOfUpdated(history),
      ...(events.length > 0 ? [outboxEventsWithUpdated(events)] : []),
    ],
  });
  const releasing = chains.filter(
    (chain) => chain.to !== applicationStatus.pendingRegistration && changesLenderPanelLock(chain.to),
  );
  await insertApplicationLocks(
    tx,
    chains.flatMap((chain, index) =>
      chain.to === applicationStatus.pendingRegistration
        ? [
            {
              applicationId: chain.change.row.id,
              originalRevision: changed[index]!.row.revision,
              lockedBy: LENDER_PANEL_LOCK,
              reason: 'Registered with the lender panel',
              now: chain.now,
            },
          ]
        : [],
    ),
  );
  if (releasing.length > 0) {
    await releaseApplicationLocks(tx, {
      applicationIds: releasing.map((chain) => chain.change.row.id),
      lockedBy: LENDER_PANEL_LOCK,
      now,
    });
  }
  return changed.map(({ row }) => row);
}

/**
 * Whether a move to `to` takes or releases the lender panel's lock: after it, the snapshot parts read
 * before it (their `isLocked`) are out of date.
 */
export function changesLenderPanelLock(to: number): boolean {
  return (
    to === applicationStatus.pendingRegistration ||
    lockReleasingStatuses.includes(to) ||
    isTerminalStatus(to as ApplicationStatusCode)
  );
}

function applicationEvent(
  eventName: EventName,
  application: LoanApplicationRow,
  from: number,
  input: Pick<TransitionInput, 'to' | 'actor' | 'reason' | 'now' | 'details'>,
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
