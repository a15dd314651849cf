import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { SnapshotParts } from './loan-application.repository.ts';

/**
 * The application as this process last wrote it in a PATCH of the row's own fields: its row and snapshot
 * parts at the Revision that PATCH wrote (ADR 0049). An applicant saves the form a step at a time, so the
 * next PATCH of the same application nearly always finds it here and goes straight to its write, which
 * PostgreSQL makes only at this Revision and while no lender holds the application
 * (changeRowFieldsIfRevisionUnchanged). A state someone has moved on from — another instance, a lender job,
 * staff, a sub-record — therefore writes nothing, and the PATCH reads afresh. So nothing else needs to tell
 * this memory of a change: every writer of the row or its parts bumps the Revision (ADR 0045), and the lock,
 * which does not, is checked by the write itself.
 */
export interface PatchedState {
  row: LoanApplicationRow;
  parts: SnapshotParts;
}

/**
 * Applications remembered per database handle: about 3 kB each, so at most ≈ 3 MB — enough for a thousand
 * applicants filling in their forms on one instance at once. The oldest written goes first; a PATCH of an
 * application no longer here only makes its read again.
 */
export const LAST_PATCHED_LIMIT = 1_000;

const perHandle = new WeakMap<Executor, Map<string, PatchedState>>();

function statesOf(db: Executor): Map<string, PatchedState> {
  let states = perHandle.get(db);
  if (!states) {
    states = new Map();
    perHandle.set(db, states);
  }
  return states;
}

export function recallPatched(db: Executor, id: string): PatchedState | undefined {
  return perHandle.get(db)?.get(id);
}

export function rememberPatched(db: Executor, id: string, state: PatchedState): void {
  const states = statesOf(db);
  // Deleted first so that the application moves to the newest end of the Map's order.
  states.delete(id);
  if (states.size >= LAST_PATCHED_LIMIT) states.delete(states.keys().next().value!);
  states.set(id, state);
}

export function forgetPatched(db: Executor, id: string): void {
  perHandle.get(db)?.delete(id);
}
