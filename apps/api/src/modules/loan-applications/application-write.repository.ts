// The ways an application row is written: created (insertApplication), changed with its revision row
// (applyApplicationChange, and under a row lock the caller holds, changeLockedApplication), status moves
// of many held rows in one statement (changeLockedApplications), and a PATCH of the row's own fields at
// the Revision read (changeRowFieldsIfRevisionUnchanged, ADR 0046). Every write bumps the Revision and
// writes the revision row in the same transaction.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { parsedJson, rowFromJson } from '#src/db/json-rows.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import {
  applicationLock,
  type LoanApplicationRow,
  loanApplication,
  loanApplicationRevision,
} from '#src/db/schema/applications.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { findApplicationById } from './application-read.repository.ts';
import { insertRevision, type SnapshotParts, snapshotOf } from './application-revision.repository.ts';

export type NewLoanApplicationRow = typeof loanApplication.$inferInsert;
export type LoanApplicationChanges = Partial<
  Omit<NewLoanApplicationRow, 'id' | 'revision' | 'createdAt' | 'updatedAt' | 'humanReadableId'>
>;

export const STALE_REVISION_MESSAGE =
  'The application was changed since the revision you sent; reload it and try again';

export async function insertApplication(
  db: Executor,
  values: NewLoanApplicationRow,
): Promise<LoanApplicationRow> {
  const [row] = await db.insert(loanApplication).values(values).returning();
  return row!;
}

/** Who made a change and why, for its revision row; `now` from the service's clock. */
export interface ChangeContext {
  changedBy: string;
  reason: string;
  now: Date;
  /** The revision the change was based on: a different current revision is a 409 and nothing changes. */
  expectedRevision?: number | undefined;
  /**
   * `db` is a transaction the caller opened and rolls back whole on any error it throws: the change runs
   * in it directly, without the savepoint (two round trips of a PATCH's nine; issue 12).
   */
  inCallersTransaction?: true;
  /**
   * The row as the caller read it FOR UPDATE in this transaction (`db`), with the snapshot's other parts,
   * none of which it changed since: the revision snapshot is then made from them and the row's UPDATE
   * and the revision's INSERT go as one statement (a PATCH's round trips inside the row lock: issue 12).
   */
  lockedRead?: { row: LoanApplicationRow; parts: SnapshotParts };
}

/**
 * The one way an application changes: sets `changes`, bumps Revision, stamps UpdatedAt and writes the
 * revision row with a snapshot, all in one transaction (a savepoint when `db` is already a transaction,
 * unless the caller says it rolls back its own: `inCallersTransaction`).
 */
export async function applyApplicationChange(
  db: Executor,
  id: string,
  changes: LoanApplicationChanges,
  context: ChangeContext,
): Promise<LoanApplicationRow> {
  if (context.lockedRead) {
    return changeLockedApplication(db, { ...context, ...context.lockedRead, changes });
  }
  const change = async (tx: Executor) => {
    const conditions: SQL[] = [eq(loanApplication.id, id)];
    if (context.expectedRevision !== undefined) {
      conditions.push(eq(loanApplication.revision, context.expectedRevision));
    }
    const [updated] = await tx
      .update(loanApplication)
      .set({ ...changes, revision: sql`${loanApplication.revision} + 1`, updatedAt: context.now })
      .where(and(...conditions))
      .returning();
    if (!updated) {
      const current = await findApplicationById(tx, id);
      if (!current) throw notFound();
      throw conflict(STALE_REVISION_MESSAGE, { Revision: current.revision });
    }
    await insertRevision(tx, { application: updated, ...context });
    return updated;
  };
  return context.inCallersTransaction ? change(db) : db.transaction(change);
}

/** A change of an application whose row the caller holds FOR UPDATE (changeLockedApplication). */
export interface LockedChange {
  /** The row as read FOR UPDATE in this transaction, and the snapshot's other parts, unchanged since. */
  row: LoanApplicationRow;
  parts: SnapshotParts;
  changes: LoanApplicationChanges;
  changedBy: string;
  reason: string;
  now: Date;
  expectedRevision?: number | undefined;
}

/**
 * applyApplicationChange for a caller holding the row lock: the UPDATE and the revision INSERT in ONE
 * statement, the snapshot made here from the row as it will be (the lock keeps it so) and the parts read
 * with it — each round trip inside the row lock was a PATCH's cost (issue 12). The revision condition only
 * fails if the caller did not in fact hold the lock. Status changes: changeLockedApplications.
 */
export async function changeLockedApplication(
  tx: Executor,
  input: LockedChange,
): Promise<LoanApplicationRow> {
  const { row: current, parts, changes, now } = input;
  if (input.expectedRevision !== undefined && input.expectedRevision !== current.revision) {
    throw conflict(STALE_REVISION_MESSAGE, { Revision: current.revision });
  }
  const revision = current.revision + 1;
  const snapshot = snapshotOf({ ...current, ...changes, revision, updatedAt: now }, parts);
  const update = tx
    .update(loanApplication)
    .set({ ...changes, revision, updatedAt: now })
    .where(and(eq(loanApplication.id, current.id), eq(loanApplication.revision, current.revision)))
    .returning();
  const result = await tx.execute(sql`
    WITH updated AS (${update.getSQL()}),
    written AS (
      INSERT INTO ${loanApplicationRevision}
        (loan_application_id, revision, status, snapshot, changed_by, reason, created_at)
      SELECT id, revision, status, ${JSON.stringify(snapshot)}::jsonb, ${input.changedBy}, ${input.reason},
             ${now.toISOString()}::timestamptz
        FROM updated
    )
    SELECT to_json(updated) AS row FROM updated`);
  const [found] = (result as unknown as { rows: { row: unknown }[] }).rows;
  if (!found) throw conflict(STALE_REVISION_MESSAGE, { Revision: current.revision });
  return rowFromJson(loanApplication, parsedJson<Record<string, unknown>>(found.row));
}

/** One application's status moved along one or more steps in changeLockedApplications. */
export interface LockedStatusChange {
  /** The row as read FOR UPDATE in this transaction. */
  row: LoanApplicationRow;
  /** Each step's status and revision row, in order (Revision + 1, + 2 …); the last is the row's new status. */
  steps: Array<{ status: number; snapshot: Record<string, unknown>; changedBy: string; reason: string }>;
}

/**
 * The status changes of many held applications in ONE statement (ADR 0047): each row moves to its last
 * step's status at Revision + steps, every step's revision row is written, and `alsoWrite` (INSERT …
 * SELECT … WHERE loan_application_id IN (SELECT id FROM updated)) with them. Answers each changed row and
 * `alsoRead` over it, in `changes`' order; a row that is not at the Revision read (its lock was not held)
 * throws 409 and the caller's transaction rolls back.
 */
export async function changeLockedApplications(
  tx: Executor,
  input: { changes: readonly LockedStatusChange[]; now: Date; alsoWrite?: SQL[]; alsoRead?: SQL },
): Promise<Array<{ row: LoanApplicationRow; also: unknown }>> {
  const { changes, now } = input;
  if (changes.length === 0) return [];
  const rows = changes.map(({ row, steps }) => ({
    id: row.id,
    read_revision: row.revision,
    status: steps.at(-1)!.status,
    revision: row.revision + steps.length,
  }));
  const revisions = changes.flatMap(({ row, steps }) =>
    steps.map((step, index) => ({
      loan_application_id: row.id,
      revision: row.revision + index + 1,
      status: step.status,
      snapshot: step.snapshot,
      changed_by: step.changedBy,
      reason: step.reason,
    })),
  );
  const more = (input.alsoWrite ?? []).map(
    (write, index) => sql`, ${sql.identifier(`also_${index}`)} AS (${write})`,
  );
  const at = now.toISOString();
  const result = await tx.execute(sql`
    WITH planned AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, read_revision integer, status integer, revision integer)
    ),
    updated AS (
      UPDATE ${loanApplication}
         SET status = planned.status, revision = planned.revision, updated_at = ${at}::timestamptz
        FROM planned
       WHERE ${loanApplication.id} = planned.id AND ${loanApplication.revision} = planned.read_revision
      RETURNING ${loanApplication}.*
    ),
    written AS (
      INSERT INTO ${loanApplicationRevision}
        (loan_application_id, revision, status, snapshot, changed_by, reason, created_at)
      SELECT r.loan_application_id, r.revision, r.status, r.snapshot, r.changed_by, r.reason, ${at}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(revisions)}::jsonb)
          AS r(loan_application_id uuid, revision integer, status integer, snapshot jsonb, changed_by text, reason text)
       WHERE r.loan_application_id IN (SELECT id FROM updated)
    )${sql.join(more)}
    SELECT to_json(updated) AS row${input.alsoRead ? sql`, ${input.alsoRead} AS also` : sql``} FROM updated`);
  const found = (result as unknown as { rows: { row: unknown; also?: unknown }[] }).rows;
  if (found.length !== changes.length) {
    throw conflict(STALE_REVISION_MESSAGE, { Revision: changes[0]!.row.revision });
  }
  const byId = new Map(
    found.map(({ row, also }) => {
      const changed = rowFromJson(loanApplication, parsedJson<Record<string, unknown>>(row));
      return [changed.id, { row: changed, also: also ?? null }] as const;
    }),
  );
  return changes.map(({ row }) => byId.get(row.id)!);
}

/**
 * Moves an application to `status` (the lending engine's status machine decides whether it may): bumps
 * Revision and writes a revision row. Locks do not stop it — the lender holding the lock is the one moving it.
 */
export async function updateApplicationStatus(
  db: Executor,
  id: string,
  status: number,
  context: Omit<ChangeContext, 'reason'> & { reason?: string },
): Promise<LoanApplicationRow> {
  return applyApplicationChange(db, id, { status }, { ...context, reason: context.reason ?? 'status' });
}

// A change of the row's own fields at the Revision read, prepared once per handle. It sets all five fields
// every time (those the change leaves alone to what they were at that Revision), so its text never varies:
// Drizzle builds it once and PostgreSQL parses and plans it once per connection. Building and planning the
// general change statement (changeLockedApplication) was most of a PATCH's own cost (ADR 0046).
const rowFieldNames = ['amount', 'durationYears', 'loanPurpose', 'applicantMode', 'data'] as const;
const updateRowFieldsAtRevision = preparedPerHandle((db) => {
  const value = (name: string) => sql.placeholder(name);
  const updated = db.$with('updated', { id: sql<string>`id`.as('id') }).as(sql`
    UPDATE ${loanApplication}
       SET amount = ${value('amount')}, duration_years = ${value('durationYears')},
           loan_purpose = ${value('loanPurpose')}, applicant_mode = ${value('applicantMode')},
           data = ${value('data')}::jsonb, revision = ${value('revision')},
           updated_at = ${value('now')}::timestamptz
     WHERE id = ${value('id')} AND revision = ${value('readRevision')}
       AND NOT EXISTS (SELECT 1 FROM ${applicationLock} AS held
                        WHERE held.loan_application_id = ${value('id')} AND held.released_at IS NULL)
    RETURNING id, revision, status`);
  const written = db.$with('written', {}).as(sql`
    INSERT INTO ${loanApplicationRevision}
      (loan_application_id, revision, status, snapshot, changed_by, reason, created_at)
    SELECT id, revision, status, ${value('snapshot')}::jsonb, ${value('changedBy')}, ${value('reason')},
           ${value('now')}::timestamptz
      FROM updated`);
  return db
    .with(updated, written)
    .select({ id: updated.id })
    .from(updated)
    .prepare('change_row_fields_at_revision');
});

/**
 * A change of the row's own fields (amount, duration, purpose, applicant mode, data) for a caller that
 * read the row and its parts WITHOUT the lock (findApplicationWithParts): one statement that writes the
 * row and its revision only if the Revision is still the one read and no lender holds the application,
 * and answers undefined (nothing written) when it is not. Every writer of the row and its parts bumps the
 * Revision in its own transaction, so an unchanged Revision means the snapshot made from that read is the
 * application as it is. Lender locks are taken and released with a status move, which bumps it too; the
 * statement also looks for an active lock itself, as a safety net for a lock taken any other way (the read
 * may be a PATCH's remembered one, last-patched.ts). On the pool the statement is its own transaction: no
 * BEGIN or COMMIT, and the row is held only while it runs (ADR 0046, ADR 0049).
 */
export async function changeRowFieldsIfRevisionUnchanged(
  db: Executor,
  input: Omit<LockedChange, 'alsoWrite' | 'alsoRead' | 'expectedRevision'>,
): Promise<{ row: LoanApplicationRow; snapshotLength: number } | undefined> {
  const { row: current, parts, changes, now } = input;
  for (const [key, changed] of Object.entries(changes)) {
    const unchangedProduct = key === 'product' && changed === current.product;
    if (!unchangedProduct && !(rowFieldNames as readonly string[]).includes(key)) {
      throw new Error(`changeRowFieldsIfRevisionUnchanged: ${key} is not one of the row's own fields`);
    }
  }
  const next = { ...current, ...changes, revision: current.revision + 1, updatedAt: now };
  const snapshot = JSON.stringify(snapshotOf(next, parts));
  const [found] = await updateRowFieldsAtRevision(db).execute({
    id: current.id,
    readRevision: current.revision,
    revision: next.revision,
    amount: next.amount,
    durationYears: next.durationYears,
    loanPurpose: next.loanPurpose,
    applicantMode: next.applicantMode,
    data: JSON.stringify(next.data),
    snapshot,
    changedBy: input.changedBy,
    reason: input.reason,
    now: now.toISOString(),
  });
  // The row is what was just written (the Revision held it as read); PostgreSQL need not send it back.
  return found && { row: next, snapshotLength: snapshot.length };
}
