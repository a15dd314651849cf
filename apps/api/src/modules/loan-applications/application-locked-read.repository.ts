// Reads that hold the application's row (FOR UPDATE) until the transaction ends: where every change made
// under the row lock starts (application-write.repository.ts's lockedRead, the status transitions, the
// lending engine's batches). Also the owner's row held while an application is created.
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { parsedJson, qualified, rowFromJson } from '#src/db/json-rows.ts';
import { type LoanApplicationRow, loanApplication } from '#src/db/schema/applications.ts';
import { customer, person } from '#src/db/schema/core.ts';
import { hasActiveLock, isLockedRow } from './application-lock.repository.ts';
import {
  findSnapshotParts,
  type RowWithPartsJson,
  readSnapshotParts,
  type SnapshotParts,
  snapshotPartsJson,
} from './application-revision.repository.ts';

// The Revision the statement's own snapshot sees of the outer row. A FOR UPDATE read that had to wait for
// another transaction's change of the row answers the row as that change left it, but its sub-selects
// (applicants, lock flag, sub-records) still read the data as it was when the statement began: PostgreSQL
// re-reads only the locked row. Every writer of those parts bumps the application's Revision under the row
// lock, so a Revision here different from the row's says the parts may be out of date; they are then read
// again, now under the lock (one more statement, only after such a wait).
const revisionSeenBySnapshot = sql<number>`(SELECT seen.revision FROM ${loanApplication} AS seen WHERE seen.id = ${qualified(loanApplication.id)})`;

/** Row and active-lock flag, the row held FOR UPDATE until the transaction ends (one statement). */
export async function findApplicationForChange(
  tx: Executor,
  id: string,
): Promise<{ row: LoanApplicationRow; isLocked: boolean } | undefined> {
  const [found] = await tx
    .select({ row: loanApplication, isLocked: isLockedRow, seenRevision: revisionSeenBySnapshot })
    .from(loanApplication)
    .where(eq(loanApplication.id, id))
    .for('update', { of: loanApplication });
  if (!found) return undefined;
  if (found.seenRevision === found.row.revision) return { row: found.row, isLocked: found.isLocked };
  return { row: found.row, isLocked: await hasActiveLock(tx, id) };
}

/**
 * As findApplicationForChange, with everything else the revision snapshot holds (applicants, sub-record
 * lists), in the same statement and as one json column (see applicationWithApplicantsJson): a change that
 * leaves those alone then writes its revision without reading them again (applyApplicationChange's
 * `lockedRead`).
 */
export async function findApplicationForChangeWithParts(
  tx: Executor,
  /** The application's id, or a sub-select answering it (e.g. the application of a loan request). */
  id: string | SQL,
): Promise<{ row: LoanApplicationRow; parts: SnapshotParts } | undefined> {
  const [selected] = await tx
    .select({
      found: sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'seenRevision', ${revisionSeenBySnapshot}, 'parts', ${snapshotPartsJson})`,
    })
    .from(loanApplication)
    .where(typeof id === 'string' ? eq(loanApplication.id, id) : sql`${loanApplication.id} = (${id})`)
    .for('update', { of: loanApplication });
  if (!selected) return undefined;
  const found = parsedJson<RowWithPartsJson & { seenRevision: number | null }>(selected.found);
  const row = rowFromJson(loanApplication, found.row);
  const parts =
    found.seenRevision === row.revision
      ? readSnapshotParts(found.parts)
      : await findSnapshotParts(tx, row.id);
  return { row, parts };
}

/**
 * findApplicationForChangeWithParts for many applications in ONE statement (a batch of the lending engine,
 * ADR 0047): every row held FOR UPDATE, locked in id order (PostgreSQL locks the rows in the order the sort
 * gives them; every writer holding several applications keeps that order, so two cannot deadlock). The
 * parts of a row that had to wait are read again, as for one row. Answers the rows found by id.
 */
export async function findApplicationsForChangeWithParts(
  tx: Executor,
  ids: readonly string[],
): Promise<Map<string, { row: LoanApplicationRow; parts: SnapshotParts }>> {
  const found = new Map<string, { row: LoanApplicationRow; parts: SnapshotParts }>();
  if (ids.length === 0) return found;
  const selected = await tx
    .select({
      found: sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'seenRevision', ${revisionSeenBySnapshot}, 'parts', ${snapshotPartsJson})`,
    })
    .from(loanApplication)
    .where(inArray(loanApplication.id, [...ids]))
    .orderBy(asc(loanApplication.id))
    .for('update', { of: loanApplication });
  for (const { found: value } of selected) {
    const read = parsedJson<RowWithPartsJson & { seenRevision: number | null }>(value);
    const row = rowFromJson(loanApplication, read.row);
    const parts =
      read.seenRevision === row.revision
        ? readSnapshotParts(read.parts)
        : await findSnapshotParts(tx, row.id);
    found.set(row.id, { row, parts });
  }
  return found;
}

/** Reads the row and holds it (FOR UPDATE) until the surrounding transaction ends. */
export async function findApplicationByIdForUpdate(
  tx: Executor,
  id: string,
): Promise<LoanApplicationRow | undefined> {
  const [row] = await tx.select().from(loanApplication).where(eq(loanApplication.id, id)).for('update');
  return row;
}

/**
 * findApplicationByIdForUpdate for many applications in one statement (the screening of an outbox batch,
 * ADR 0085), locked in id order as every writer of several applications locks them (no deadlock).
 */
export async function findApplicationsByIdsForUpdate(
  tx: Executor,
  ids: readonly string[],
): Promise<Map<string, LoanApplicationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(loanApplication)
    .where(inArray(loanApplication.id, [...ids]))
    .orderBy(asc(loanApplication.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Holds the owner's customer row (or, with no customer, the person row) until the transaction ends, so
 * that two creates for the same owner run one after the other: the second then sees the first's
 * application in findOtherApplicationIds instead of both passing the check (SELECT then INSERT).
 */
export async function lockApplicationOwner(
  tx: Executor,
  owner: { customerId: string | null; personId: string | null },
): Promise<void> {
  if (owner.customerId) {
    await tx
      .select({ id: customer.id })
      .from(customer)
      .where(eq(customer.id, owner.customerId))
      .for('update');
  } else if (owner.personId) {
    await tx.select({ id: person.id }).from(person).where(eq(person.id, owner.personId)).for('update');
  }
}
