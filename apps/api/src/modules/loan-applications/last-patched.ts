import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { SnapshotParts } from './application-revision.repository.ts';

/**
 * The application as this process last wrote it in a PATCH of the row's own fields: its row and snapshot
 * parts at the Revision that PATCH wrote (ADR 0049). An applicant saves the form a step at a time, so the
 * next PATCH of the same application nearly always finds it here and goes straight to its write, which
 * PostgreSQL makes only at this Revision (changeRowFieldsIfRevisionUnchanged). A state someone has moved on
 * from — another instance, a lender job, staff, a sub-record — therefore writes nothing, and the PATCH reads
 * afresh. So nothing else needs to tell this memory of a change: every writer of the row or its parts bumps
 * the Revision (ADR 0045), lender locks come and go with a status move that bumps it, and the write looks for
 * an active lock itself. A change made behind the application's back without a new Revision (by hand in
 * psql, say) would be written over by such a PATCH: states are therefore kept for minutes, not for ever.
 */
export interface PatchedState {
  row: LoanApplicationRow;
  parts: SnapshotParts;
}

/** Applications remembered per database handle; the least recently written goes first. */
export const LAST_PATCHED_LIMIT = 1_000;
/**
 * A state whose revision snapshot is larger than this (in JSON characters; ≈ 1.6 k is usual) is not kept:
 * a thousand of the usual size hold a few MB, and the Data object a form merges into may grow to the body
 * limit.
 */
export const LAST_PATCHED_MAX_SNAPSHOT = 16_384;
/** How long a state is used: a form session's pauses, not the time a by-hand change might go unnoticed. */
export const LAST_PATCHED_MAX_AGE_MS = 10 * 60_000;

interface Remembered {
  state: PatchedState;
  at: number;
}

const perHandle = new WeakMap<Executor, Map<string, Remembered>>();

export function recallPatched(db: Executor, id: string, now = Date.now()): PatchedState | undefined {
  const states = perHandle.get(db);
  const remembered = states?.get(id);
  if (!remembered) return undefined;
  if (now - remembered.at > LAST_PATCHED_MAX_AGE_MS) {
    states!.delete(id);
    return undefined;
  }
  return remembered.state;
}

export function rememberPatched(
  db: Executor,
  id: string,
  state: PatchedState,
  snapshotLength: number,
  now = Date.now(),
): void {
  let states = perHandle.get(db);
  if (!states) {
    states = new Map();
    perHandle.set(db, states);
  }
  // Deleted first so that the application moves to the newest end of the Map's order.
  states.delete(id);
  if (snapshotLength > LAST_PATCHED_MAX_SNAPSHOT) return;
  if (states.size >= LAST_PATCHED_LIMIT) states.delete(states.keys().next().value!);
  states.set(id, { state, at: now });
}

export function forgetPatched(db: Executor, id: string): void {
  perHandle.get(db)?.delete(id);
}
