// An application's revision rows and the snapshot each holds: the application as its API shape, with its
// applicants, lock state and sub-records (the "parts" besides the row). The parts are read as one json
// column of the statement that reads the row (application-read and application-locked-read).
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { jsonRows, parsedJson, qualified } from '#src/db/json-rows.ts';
import {
  type LoanApplicationApplicantRow,
  type LoanApplicationRow,
  loanApplication,
  loanApplicationRevision,
} from '#src/db/schema/applications.ts';
import { notFound } from '#src/lib/app-error.ts';
import { applicantsOfRow } from './application-applicant.repository.ts';
import { isLockedRow } from './application-lock.repository.ts';
import { toCar, toChild, toDebt, toExpense, toLoanApplication } from './loan-application.mapper.ts';
import { type SubRecordTable, subRecordTables } from './sub-record.repository.ts';

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
export interface RowWithPartsJson {
  row: Record<string, unknown>;
  parts: Record<keyof typeof snapshotPartsColumns, unknown>;
}

export const snapshotPartsJson = sql<unknown>`json_build_object(${sql.join(
  Object.entries(snapshotPartsColumns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
  sql`, `,
)})`;

export function readSnapshotParts(found: Record<keyof typeof snapshotPartsColumns, unknown>): SnapshotParts {
  return {
    applicants: applicantsOfRow.read(found.applicants),
    isLocked: found.isLocked as boolean,
    cars: subRecordsOfRow.car.read(found.cars),
    children: subRecordsOfRow.child.read(found.children),
    debts: subRecordsOfRow.debt.read(found.debts),
    expenses: subRecordsOfRow.expense.read(found.expenses),
  };
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
