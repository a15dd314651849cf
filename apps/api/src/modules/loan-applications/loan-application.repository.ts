import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { jsonRows, parsedJson, qualified, rowFromJson } from '#src/db/json-rows.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import {
  applicationLock,
  type LoanApplicationApplicantRow,
  type LoanApplicationRow,
  loanApplication,
  loanApplicationApplicant,
  loanApplicationFormerApplicant,
  loanApplicationRevision,
} from '#src/db/schema/applications.ts';
import { customer, person } from '#src/db/schema/core.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { toCar, toChild, toDebt, toExpense, toLoanApplication } from './loan-application.mapper.ts';
import { type SubRecordTable, subRecordTables } from './sub-record.repository.ts';

export type NewLoanApplicationRow = typeof loanApplication.$inferInsert;
export type LoanApplicationChanges = Partial<
  Omit<NewLoanApplicationRow, 'id' | 'revision' | 'createdAt' | 'updatedAt' | 'humanReadableId'>
>;
export type ApplicantValues = Partial<
  Omit<typeof loanApplicationApplicant.$inferInsert, 'id' | 'loanApplicationId' | 'role' | 'createdAt'>
>;

export const STALE_REVISION_MESSAGE =
  'The application was changed since the revision you sent; reload it and try again';

// ── Applications ────────────────────────────────────────────────────────────────────────────────────

export async function findApplicationById(db: Executor, id: string): Promise<LoanApplicationRow | undefined> {
  const [row] = await db.select().from(loanApplication).where(eq(loanApplication.id, id));
  return row;
}

/** Application rows by id, in one statement. */
export async function findApplicationsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, LoanApplicationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(loanApplication)
    .where(inArray(loanApplication.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An application row with what its API shape needs besides the row: its applicants and lock state. */
export interface ApplicationWithApplicants {
  row: LoanApplicationRow;
  applicants: LoanApplicationApplicantRow[];
  isLocked: boolean;
}

// The applicants (in role order, as findApplicants) and the active-lock flag of the outer row, as columns
// of the same statement: one round trip per read (issue 12).
const applicantsOfRow = jsonRows(loanApplicationApplicant, {
  where: sql`${qualified(loanApplicationApplicant.loanApplicationId)} = ${qualified(loanApplication.id)}`,
  orderBy: sql`${qualified(loanApplicationApplicant.role)} ASC`,
});
const isLockedRow = sql<boolean>`EXISTS (SELECT 1 FROM ${applicationLock} WHERE ${qualified(applicationLock.loanApplicationId)} = ${qualified(loanApplication.id)} AND ${qualified(applicationLock.releasedAt)} IS NULL)`;

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

/** Each sub-record list of the outer application row, oldest first (as listSubRecords). */
const subRecordsOfRow = {
  car: subRecordsOf(subRecordTables.car),
  child: subRecordsOf(subRecordTables.child),
  debt: subRecordsOf(subRecordTables.debt),
  expense: subRecordsOf(subRecordTables.expense),
};
function subRecordsOf<T extends SubRecordTable>(table: T) {
  return jsonRows(table, {
    where: sql`${qualified(table.loanApplicationId)} = ${qualified(loanApplication.id)}`,
    orderBy: sql`${qualified(table.createdAt)} ASC, ${qualified(table.id)} ASC`,
  });
}

/** The applicants and lock state of an application already read (one statement). */
export async function findApplicantsAndLock(
  db: Executor,
  id: string,
): Promise<{ applicants: LoanApplicationApplicantRow[]; isLocked: boolean }> {
  const [found] = await db
    .select({ applicants: applicantsOfRow.select, isLocked: isLockedRow })
    .from(loanApplication)
    .where(eq(loanApplication.id, id));
  if (!found) return { applicants: [], isLocked: false };
  return { applicants: applicantsOfRow.read(found.applicants), isLocked: found.isLocked };
}

// The row, its applicants and its lock flag as ONE json column. node-postgres describes and converts every
// column of every answer it gets, about fifty for an application row, which was the largest single cost of
// the hottest reads; one json column is one field and one JSON.parse (issue 12, docs/performance-api.md).
const applicationWithApplicantsJson = sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'applicants', ${applicantsOfRow.select}, 'isLocked', ${isLockedRow})`;

function withApplicants(value: unknown): ApplicationWithApplicants {
  const found = parsedJson<{ row: Record<string, unknown>; applicants: unknown; isLocked: boolean }>(value);
  return {
    row: rowFromJson(loanApplication, found.row),
    applicants: applicantsOfRow.read(found.applicants),
    isLocked: found.isLocked,
  };
}

// The hottest read, prepared once per database handle.
const selectApplicationWithApplicants = preparedPerHandle((db) =>
  db
    .select({ found: applicationWithApplicantsJson })
    .from(loanApplication)
    .where(eq(loanApplication.id, sql.placeholder('id')))
    .prepare('read_application_with_applicants'),
);

/** One application with its applicants and lock state, in one statement. */
export async function findApplicationWithApplicants(
  db: Executor,
  id: string,
): Promise<ApplicationWithApplicants | undefined> {
  const [selected] = await selectApplicationWithApplicants(db).execute({ id });
  return selected && withApplicants(selected.found);
}

/** Reads the row and holds it (FOR UPDATE) until the surrounding transaction ends. */
export async function findApplicationByIdForUpdate(
  tx: Executor,
  id: string,
): Promise<LoanApplicationRow | undefined> {
  const [row] = await tx.select().from(loanApplication).where(eq(loanApplication.id, id)).for('update');
  return row;
}

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

// ── Revisions ───────────────────────────────────────────────────────────────────────────────────────

/** What a revision snapshot holds besides the application row: its applicants, lock state, sub-records. */
export interface SnapshotParts {
  applicants: LoanApplicationApplicantRow[];
  isLocked: boolean;
  cars: ReturnType<typeof subRecordsOfRow.car.read>;
  children: ReturnType<typeof subRecordsOfRow.child.read>;
  debts: ReturnType<typeof subRecordsOfRow.debt.read>;
  expenses: ReturnType<typeof subRecordsOfRow.expense.read>;
}

// Applicants, lock state and the four sub-record lists as columns of one statement (each list was a query).
const snapshotPartsColumns = {
  applicants: applicantsOfRow.select,
  isLocked: isLockedRow,
  cars: subRecordsOfRow.car.select,
  children: subRecordsOfRow.child.select,
  debts: subRecordsOfRow.debt.select,
  expenses: subRecordsOfRow.expense.select,
};

/** How the row and its snapshot parts come back as one json column (before rowFromJson/readSnapshotParts). */
interface RowWithPartsJson {
  row: Record<string, unknown>;
  parts: Record<keyof typeof snapshotPartsColumns, unknown>;
}

const snapshotPartsJson = sql<unknown>`json_build_object(${sql.join(
  Object.entries(snapshotPartsColumns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
  sql`, `,
)})`;

function readSnapshotParts(found: Record<keyof typeof snapshotPartsColumns, unknown>): SnapshotParts {
  return {
    applicants: applicantsOfRow.read(found.applicants),
    isLocked: found.isLocked as boolean,
    cars: subRecordsOfRow.car.read(found.cars),
    children: subRecordsOfRow.child.read(found.children),
    debts: subRecordsOfRow.debt.read(found.debts),
    expenses: subRecordsOfRow.expense.read(found.expenses),
  };
}

// The row with the snapshot's parts, not locked (prepared once per handle): where a change that writes
// only at an unchanged Revision starts (changeRowFieldsIfRevisionUnchanged).
const selectApplicationWithParts = preparedPerHandle((db) =>
  db
    .select({
      found: sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'parts', ${snapshotPartsJson})`,
    })
    .from(loanApplication)
    .where(eq(loanApplication.id, sql.placeholder('id')))
    .prepare('read_application_with_parts'),
);

/** The application and its snapshot parts as of one moment, without holding the row. */
export async function findApplicationWithParts(
  db: Executor,
  id: string,
): Promise<{ row: LoanApplicationRow; parts: SnapshotParts } | undefined> {
  const [selected] = await selectApplicationWithParts(db).execute({ id });
  if (!selected) return undefined;
  const found = parsedJson<RowWithPartsJson>(selected.found);
  return { row: rowFromJson(loanApplication, found.row), parts: readSnapshotParts(found.parts) };
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

/** The application with its applicants and sub-records, as stored in a revision row. */
export function snapshotOf(application: LoanApplicationRow, parts: SnapshotParts): Record<string, unknown> {
  return {
    ...toLoanApplication(application, { applicants: parts.applicants, isLocked: parts.isLocked }),
    Cars: parts.cars.map(toCar),
    Children: parts.children.map(toChild),
    Debts: parts.debts.map(toDebt),
    Expenses: parts.expenses.map(toExpense),
  };
}

/** The snapshot's parts besides the row (one statement); held steady by the row lock, if the caller holds it. */
export async function findSnapshotParts(db: Executor, id: string): Promise<SnapshotParts> {
  const [found] = await db
    .select({ parts: snapshotPartsJson })
    .from(loanApplication)
    .where(eq(loanApplication.id, id));
  if (!found) throw notFound();
  return readSnapshotParts(parsedJson(found.parts));
}

/** findSnapshotParts for several applications, in one statement. */
export async function findSnapshotPartsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, SnapshotParts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: loanApplication.id, parts: snapshotPartsJson })
    .from(loanApplication)
    .where(inArray(loanApplication.id, [...ids]));
  return new Map(rows.map((row) => [row.id, readSnapshotParts(parsedJson(row.parts))]));
}

/** The snapshot of `application` as it now is (its parts read here). */
export async function buildSnapshot(
  db: Executor,
  application: LoanApplicationRow,
): Promise<Record<string, unknown>> {
  return snapshotOf(application, await findSnapshotParts(db, application.id));
}

/**
 * Writes the revision row for `application` as it now is (its current Revision and status). Use
 * applyApplicationChange, which bumps the Revision first; call this directly only for a new application
 * (revision 1) or when the row was already bumped in the same transaction.
 */
export async function insertRevision(
  db: Executor,
  input: { application: LoanApplicationRow; changedBy: string; reason: string; now: Date },
) {
  const snapshot = await buildSnapshot(db, input.application);
  const [row] = await db
    .insert(loanApplicationRevision)
    .values({
      loanApplicationId: input.application.id,
      revision: input.application.revision,
      status: input.application.status,
      snapshot,
      changedBy: input.changedBy,
      reason: input.reason,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

export async function findRevisions(db: Executor, applicationId: string, statuses?: number[]) {
  const conditions: SQL[] = [eq(loanApplicationRevision.loanApplicationId, applicationId)];
  if (statuses?.length) conditions.push(inArray(loanApplicationRevision.status, statuses));
  return db
    .select()
    .from(loanApplicationRevision)
    .where(and(...conditions))
    .orderBy(asc(loanApplicationRevision.revision));
}

export async function findRevision(db: Executor, applicationId: string, revision: number) {
  const [row] = await db
    .select()
    .from(loanApplicationRevision)
    .where(
      and(
        eq(loanApplicationRevision.loanApplicationId, applicationId),
        eq(loanApplicationRevision.revision, revision),
      ),
    );
  return row;
}

// ── Applicants ──────────────────────────────────────────────────────────────────────────────────────

/** The applicants of several applications (each application's in role order, as findApplicants). */
export async function findApplicantsOf(
  db: Executor,
  applicationIds: readonly string[],
): Promise<Map<string, LoanApplicationApplicantRow[]>> {
  const byApplication = new Map<string, LoanApplicationApplicantRow[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(loanApplicationApplicant)
    .where(inArray(loanApplicationApplicant.loanApplicationId, [...applicationIds]))
    .orderBy(asc(loanApplicationApplicant.loanApplicationId), asc(loanApplicationApplicant.role));
  for (const row of rows) byApplication.get(row.loanApplicationId)?.push(row);
  return byApplication;
}

export async function findApplicants(
  db: Executor,
  applicationId: string,
): Promise<LoanApplicationApplicantRow[]> {
  return db
    .select()
    .from(loanApplicationApplicant)
    .where(eq(loanApplicationApplicant.loanApplicationId, applicationId))
    .orderBy(asc(loanApplicationApplicant.role));
}

/** Sets the given fields of one applicant, creating the row on first use. */
export async function upsertApplicant(
  db: Executor,
  applicationId: string,
  role: 'MainApplicant' | 'CoApplicant',
  values: ApplicantValues,
  now: Date,
) {
  const [row] = await db
    .insert(loanApplicationApplicant)
    .values({ loanApplicationId: applicationId, role, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [loanApplicationApplicant.loanApplicationId, loanApplicationApplicant.role],
      set: { ...values, updatedAt: now },
    })
    .returning();
  return row!;
}

/**
 * Records that `personId` is no longer an applicant of the application (a co-applicant taken off or
 * replaced): its earlier revisions still hold their part, which the retention job clears (ADR 0033).
 */
export async function recordFormerApplicant(
  db: Executor,
  input: { applicationId: string; personId: string; now: Date },
): Promise<void> {
  await db
    .insert(loanApplicationFormerApplicant)
    .values({ loanApplicationId: input.applicationId, personId: input.personId, leftAt: input.now })
    .onConflictDoNothing();
}

export async function deleteApplicant(db: Executor, applicationId: string, role: string) {
  await db
    .delete(loanApplicationApplicant)
    .where(
      and(
        eq(loanApplicationApplicant.loanApplicationId, applicationId),
        eq(loanApplicationApplicant.role, role),
      ),
    );
}

// ── Locks (§3 LoanApplicationID, OriginalRevision) ──────────────────────────────────────────────────

export async function hasActiveLock(db: Executor, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationLock.id })
    .from(applicationLock)
    .where(and(eq(applicationLock.loanApplicationId, applicationId), isNull(applicationLock.releasedAt)))
    .limit(1);
  return row !== undefined;
}

/** Locks the application at its current revision while `lockedBy` (e.g. 'lender:<id>') processes it. */
export async function insertApplicationLock(
  db: Executor,
  input: { applicationId: string; originalRevision: number; lockedBy: string; reason?: string; now: Date },
) {
  const [row] = await db
    .insert(applicationLock)
    .values({
      loanApplicationId: input.applicationId,
      originalRevision: input.originalRevision,
      lockedBy: input.lockedBy,
      reason: input.reason ?? null,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** insertApplicationLock for several applications, in one statement. */
export async function insertApplicationLocks(
  db: Executor,
  inputs: ReadonlyArray<{
    applicationId: string;
    originalRevision: number;
    lockedBy: string;
    reason?: string;
    now: Date;
  }>,
): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(applicationLock).values(
    inputs.map((input) => ({
      loanApplicationId: input.applicationId,
      originalRevision: input.originalRevision,
      lockedBy: input.lockedBy,
      reason: input.reason ?? null,
      createdAt: input.now,
    })),
  );
}

/** Releases the active locks on an application, or on several (only those of `lockedBy` when given). */
export async function releaseApplicationLocks(
  db: Executor,
  input: ({ applicationId: string } | { applicationIds: readonly string[] }) & {
    lockedBy?: string;
    now: Date;
  },
) {
  const conditions: SQL[] = [
    'applicationId' in input
      ? eq(applicationLock.loanApplicationId, input.applicationId)
      : inArray(applicationLock.loanApplicationId, [...input.applicationIds]),
    isNull(applicationLock.releasedAt),
  ];
  if (input.lockedBy) conditions.push(eq(applicationLock.lockedBy, input.lockedBy));
  return db
    .update(applicationLock)
    .set({ releasedAt: input.now })
    .where(and(...conditions))
    .returning();
}

// ── Lists and searches ──────────────────────────────────────────────────────────────────────────────

export interface ApplicationFilters {
  humanReadableId?: string | undefined;
  customerId?: string | undefined;
  legacyId?: string | undefined;
  /** Main or co-applicant. */
  personIds?: string[] | undefined;
  createdAfter?: Date | undefined;
  products?: string[] | undefined;
  /** Already resolved from `status` and `group` (an application must match both when both are given). */
  statuses?: number[] | undefined;
  excludeArchived?: boolean | undefined;
}

function filterConditions(visibility: SQL, filters: ApplicationFilters): SQL[] {
  const conditions: SQL[] = [visibility];
  if (filters.humanReadableId) {
    conditions.push(eq(loanApplication.humanReadableId, filters.humanReadableId.toUpperCase()));
  }
  if (filters.customerId) conditions.push(eq(loanApplication.customerId, filters.customerId));
  if (filters.legacyId) conditions.push(eq(loanApplication.legacyId, filters.legacyId));
  if (filters.personIds?.length) {
    conditions.push(
      or(
        inArray(loanApplication.personId, filters.personIds),
        inArray(loanApplication.coApplicantPersonId, filters.personIds),
      )!,
    );
  }
  if (filters.createdAfter) conditions.push(gt(loanApplication.createdAt, filters.createdAfter));
  if (filters.products) conditions.push(inArray(loanApplication.product, filters.products));
  if (filters.statuses) {
    conditions.push(filters.statuses.length ? inArray(loanApplication.status, filters.statuses) : sql`false`);
  }
  if (filters.excludeArchived) conditions.push(isNull(loanApplication.archivedAt));
  return conditions;
}

/**
 * The applicant's own list — what the personal page asks for on every visit: the applications of their
 * person (main or co-applicant) or customer, archived ones left out, newest first, optionally only those of
 * one customer. The same rows and total as searchApplicationsWithApplicants with that visibility and those
 * filters, from a prepared statement per database handle: Drizzle building the dynamic query was a fifth
 * of the list's CPU (issue 12, docs/performance-api.md).
 */
export async function listApplicantApplications(
  db: Executor,
  input: {
    personId: string | null;
    customerId: string | null;
    onlyCustomerId: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  const shape = input.onlyCustomerId === undefined ? 'all' : 'oneCustomer';
  const statements = input.offset === 0 ? selectApplicantFirstPage : selectApplicantPage;
  const found = await statements[shape](db).execute({
    personId: input.personId,
    customerId: input.customerId,
    onlyCustomerId: input.onlyCustomerId ?? null,
    limit: input.limit,
    offset: input.offset,
  });
  return pageOf(found, input.offset, () =>
    db.select({ total: count() }).from(loanApplication).where(applicantListWhere(shape, input)),
  );
}

type ApplicantListShape = 'all' | 'oneCustomer';

/** The applicant's visibility (as applicationVisibility) and filters; placeholders, or values when given. */
function applicantListWhere(
  shape: ApplicantListShape,
  values?: { personId: string | null; customerId: string | null; onlyCustomerId: string | undefined },
): SQL {
  const value = (name: 'personId' | 'customerId' | 'onlyCustomerId') =>
    values ? sql`${values[name] ?? null}::uuid` : sql`${sql.placeholder(name)}::uuid`;
  // A null person or customer matches nothing (`= NULL` is never true), as applicationVisibility leaves
  // out the condition it has no id for.
  const visible = sql`(${loanApplication.personId} = ${value('personId')} OR ${loanApplication.coApplicantPersonId} = ${value('personId')} OR ${loanApplication.customerId} = ${value('customerId')})`;
  const conditions = [visible, isNull(loanApplication.archivedAt)];
  if (shape === 'oneCustomer')
    conditions.push(sql`${loanApplication.customerId} = ${value('onlyCustomerId')}`);
  return and(...conditions)!;
}

/** A page's columns: the row, its applicants and lock state (one json), and the window count of all that match. */
const pageColumns = {
  found: applicationWithApplicantsJson,
  total: sql<string>`count(*) OVER ()`,
};
const newestFirst = [desc(loanApplication.createdAt), desc(loanApplication.id)];

/**
 * The page from its rows; the total comes with them (the window count), and only a page past the end —
 * no row to carry the count — asks `countAll`.
 */
async function pageOf(
  page: { found: unknown; total: string }[],
  offset: number,
  countAll: () => Promise<{ total: number }[]>,
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  if (page.length > 0) {
    return { items: page.map((selected) => withApplicants(selected.found)), total: Number(page[0]!.total) };
  }
  if (offset === 0) return { items: [], total: 0 };
  const [totals] = await countAll();
  return { items: [], total: Number(totals?.total ?? 0) };
}

// The first page (what the personal page asks for) has a statement of its own without OFFSET: with the
// offset a parameter, PostgreSQL estimated its generic plan dearer than the custom ones and planned the
// statement again on every call (0.1 ms of its CPU each, more than the execution; docs/performance-api.md).
const selectApplicantPageOf = (shape: ApplicantListShape, page: 'first' | 'any') =>
  preparedPerHandle((db) => {
    const limited = db
      .select(pageColumns)
      .from(loanApplication)
      .where(applicantListWhere(shape))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'));
    return page === 'first'
      ? limited.prepare(`list_applicant_applications_${shape}_first`)
      : limited.offset(sql.placeholder('offset')).prepare(`list_applicant_applications_${shape}`);
  });
const selectApplicantPage = {
  all: selectApplicantPageOf('all', 'any'),
  oneCustomer: selectApplicantPageOf('oneCustomer', 'any'),
};
const selectApplicantFirstPage = {
  all: selectApplicantPageOf('all', 'first'),
  oneCustomer: selectApplicantPageOf('oneCustomer', 'first'),
};

/**
 * A page of applications with their applicants and lock state, and the total, in one statement (the
 * total is a window count over the filtered rows, taken before LIMIT). Only a page past the end (no row
 * to carry the count) costs a second query.
 */
export async function searchApplicationsWithApplicants(
  db: Executor,
  input: { visibility: SQL; filters: ApplicationFilters; limit: number; offset: number },
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  const where = and(...filterConditions(input.visibility, input.filters));
  const found = await db
    .select(pageColumns)
    .from(loanApplication)
    .where(where)
    .orderBy(...newestFirst)
    .limit(input.limit)
    .offset(input.offset);
  return pageOf(found, input.offset, () => db.select({ total: count() }).from(loanApplication).where(where));
}

/** The oldest application matching (§7 "first match" of ?legacyID=&customerID=). */
export async function findFirstApplication(
  db: Executor,
  input: { visibility: SQL; filters: ApplicationFilters },
): Promise<LoanApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(loanApplication)
    .where(and(...filterConditions(input.visibility, input.filters)))
    .orderBy(asc(loanApplication.createdAt), asc(loanApplication.id))
    .limit(1);
  return row;
}

/**
 * The applicant's other applications of `product` in `statuses` (the Active group), not archived: the
 * customer's own, or where the person is the main applicant (docs/decisions/0007).
 */
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

/**
 * For each application of `applications`, the other applications of its person and product in
 * `statuses` (findOtherApplicationIds by person, for many at once: one statement).
 */
export async function findOtherApplicationIdsOfPersons(
  db: Executor,
  input: {
    applications: ReadonlyArray<{ id: string; personId: string | null; product: string }>;
    statuses: readonly number[];
  },
): Promise<Map<string, string[]>> {
  const others = new Map<string, string[]>(input.applications.map((application) => [application.id, []]));
  const owned = input.applications.filter((application) => application.personId);
  if (owned.length === 0) return others;
  const rows = await db
    .select({ id: loanApplication.id, personId: loanApplication.personId, product: loanApplication.product })
    .from(loanApplication)
    .where(
      and(
        inArray(loanApplication.personId, [...new Set(owned.map((application) => application.personId!))]),
        inArray(loanApplication.status, [...input.statuses]),
        isNull(loanApplication.archivedAt),
      ),
    )
    .orderBy(asc(loanApplication.createdAt));
  for (const application of owned) {
    others.set(
      application.id,
      rows
        .filter(
          (row) =>
            row.personId === application.personId &&
            row.product === application.product &&
            row.id !== application.id,
        )
        .map((row) => row.id),
    );
  }
  return others;
}

export async function findOtherApplicationIds(
  db: Executor,
  input: {
    customerId: string | null;
    personId: string | null;
    product: string;
    statuses: readonly number[];
    excludeId?: string | undefined;
  },
): Promise<string[]> {
  const owners: SQL[] = [];
  if (input.customerId) owners.push(eq(loanApplication.customerId, input.customerId));
  if (input.personId) owners.push(eq(loanApplication.personId, input.personId));
  if (owners.length === 0) return [];
  const conditions: SQL[] = [
    or(...owners)!,
    eq(loanApplication.product, input.product),
    inArray(loanApplication.status, [...input.statuses]),
    isNull(loanApplication.archivedAt),
  ];
  if (input.excludeId) conditions.push(ne(loanApplication.id, input.excludeId));
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(and(...conditions))
    .orderBy(asc(loanApplication.createdAt));
  return rows.map((row) => row.id);
}
