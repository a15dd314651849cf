// One application read by id, without holding its row: the row alone, with its applicants and lock state
// (the API shape), or with everything its revision snapshot holds. Reads that hold the row until the
// transaction ends are in application-locked-read.repository.ts; lists and searches in
// application-search.repository.ts.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { parsedJson, rowFromJson } from '#src/db/json-rows.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import {
  type LoanApplicationApplicantRow,
  type LoanApplicationRow,
  loanApplication,
} from '#src/db/schema/applications.ts';
import { applicantsOfRow } from './application-applicant.repository.ts';
import { isLockedRow } from './application-lock.repository.ts';
import {
  type RowWithPartsJson,
  readSnapshotParts,
  type SnapshotParts,
  snapshotPartsJson,
} from './application-revision.repository.ts';

// The row alone by id, prepared once per handle and as one json column (as the reads below): the outbox
// relay's reactions read it per event (ADR 0085).
const selectApplicationRow = preparedPerHandle((db) =>
  db
    .select({ row: sql<unknown>`to_json(${loanApplication})` })
    .from(loanApplication)
    .where(eq(loanApplication.id, sql.placeholder('id')))
    .prepare('read_application_row'),
);

export async function findApplicationById(db: Executor, id: string): Promise<LoanApplicationRow | undefined> {
  const [selected] = await selectApplicationRow(db).execute({ id });
  return selected && rowFromJson(loanApplication, parsedJson<Record<string, unknown>>(selected.row));
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
export const applicationWithApplicantsJson = sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'applicants', ${applicantsOfRow.select}, 'isLocked', ${isLockedRow})`;

export function withApplicants(value: unknown): ApplicationWithApplicants {
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
