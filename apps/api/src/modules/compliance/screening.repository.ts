import { applicationStatus } from '@nordloan/domain/statuses';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { qualified } from '#src/db/json-rows.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { personCheck } from '#src/db/schema/backoffice.ts';
import { person } from '#src/db/schema/core.ts';
import { applicationStatusTransition } from '#src/db/schema/lending.ts';
import { personCheckReview } from '#src/db/schema/screening.ts';
import type { PersonCheckRow } from './person-check.repository.ts';

export type PersonCheckReviewRow = typeof personCheckReview.$inferSelect;
export type NewPersonCheckReviewRow = typeof personCheckReview.$inferInsert;

// Open hits: a person check with PEP, RCA or Sanctioned set and no decision yet (ADR 0022).
const isHit = or(personCheck.isPep, personCheck.isRca, personCheck.isSanctioned)!;
const undecided = sql`NOT EXISTS (SELECT 1 FROM ${personCheckReview} WHERE ${personCheckReview.personCheckId} = ${personCheck.id})`;

export function isHitRow(row: PersonCheckRow): boolean {
  return row.isPep || row.isRca || row.isSanctioned;
}

/** Stores the decision; answers undefined when the check was decided already (a race with another reviewer). */
export async function insertReview(
  db: Executor,
  values: NewPersonCheckReviewRow,
): Promise<PersonCheckReviewRow | undefined> {
  const [row] = await db
    .insert(personCheckReview)
    .values(values)
    .onConflictDoNothing({ target: personCheckReview.personCheckId })
    .returning();
  return row;
}

export async function findReviewOfCheck(
  db: Executor,
  personCheckId: string,
): Promise<PersonCheckReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(personCheckReview)
    .where(eq(personCheckReview.personCheckId, personCheckId));
  return row;
}

/** The open hits of an application (optionally of one person on it), oldest first. */
export async function listOpenHitsOfApplication(
  db: Executor,
  loanApplicationId: string,
  personId?: string,
): Promise<PersonCheckRow[]> {
  return db
    .select()
    .from(personCheck)
    .where(
      and(
        eq(personCheck.loanApplicationId, loanApplicationId),
        personId ? eq(personCheck.personId, personId) : undefined,
        isHit,
        undecided,
      ),
    )
    .orderBy(asc(personCheck.createdAt), asc(personCheck.id));
}

/** Whether the application waits for a screening decision (it must not reach the lender panel). */
export async function hasOpenHit(db: Executor, loanApplicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: personCheck.id })
    .from(personCheck)
    .where(and(eq(personCheck.loanApplicationId, loanApplicationId), isHit, undecided))
    .limit(1);
  return row !== undefined;
}

/** Why the screening holds an application before the lender panel (ADR 0022, ADR 0056). */
export type ScreeningHold = 'open-hit' | 'not-screened';

/**
 * Of `loanApplicationIds`, those the screening holds before the lender panel, in one statement: an open hit
 * waits for a decision; an application submitted (→ 160) after its latest screening waits for the screening
 * of that submission, which runs when the relay hands on the submission's event (ADR 0056). The screening's
 * checks are stored no earlier than the submission they screen, so "no check at or after the last → 160".
 */
export async function screeningHoldsOf(
  db: Executor,
  loanApplicationIds: readonly string[],
): Promise<Map<string, ScreeningHold>> {
  if (loanApplicationIds.length === 0) return new Map();
  // Qualified: in a select list Drizzle writes a column without its table, which the subqueries would
  // read as their own table's column.
  const applicationId = qualified(loanApplication.id);
  const openHit = sql<boolean>`EXISTS (
    SELECT 1 FROM ${personCheck} AS hit
     WHERE hit.loan_application_id = ${applicationId}
       AND (hit.is_pep OR hit.is_rca OR hit.is_sanctioned)
       AND NOT EXISTS (SELECT 1 FROM ${personCheckReview} AS review WHERE review.person_check_id = hit.id))`;
  const notScreened = sql<boolean>`EXISTS (
    SELECT 1 FROM ${applicationStatusTransition} AS submitted
     WHERE submitted.loan_application_id = ${applicationId} AND submitted.to_status = ${applicationStatus.submitted}
       AND NOT EXISTS (SELECT 1 FROM ${personCheck} AS screened
                        WHERE screened.loan_application_id = ${applicationId}
                          AND screened.created_at >= submitted.created_at))`;
  const rows = await db
    .select({ id: loanApplication.id, openHit, notScreened })
    .from(loanApplication)
    .where(inArray(loanApplication.id, [...loanApplicationIds]));
  const holds = new Map<string, ScreeningHold>();
  for (const row of rows) {
    if (row.openHit) holds.set(row.id, 'open-hit');
    else if (row.notScreened) holds.set(row.id, 'not-screened');
  }
  return holds;
}

/**
 * screenedSince for many applications at once, each since its own time: answers the ids of those with a
 * screening stored at or after it (one statement: each application's latest screening).
 */
export async function screenedSinceEach(
  db: Executor,
  since: ReadonlyMap<string, Date>,
): Promise<Set<string>> {
  if (since.size === 0) return new Set();
  const rows = await db
    .select({
      applicationId: personCheck.loanApplicationId,
      latest: sql<Date>`max(${personCheck.createdAt})`.mapWith(personCheck.createdAt),
    })
    .from(personCheck)
    .where(inArray(personCheck.loanApplicationId, [...since.keys()]))
    .groupBy(personCheck.loanApplicationId);
  return new Set(
    rows
      .filter((row) => row.applicationId && row.latest >= since.get(row.applicationId)!)
      .map((row) => row.applicationId!),
  );
}

export interface OpenHitRow {
  check: PersonCheckRow;
  humanReadableId: string;
  country: string;
  status: number;
  firstName: string | null;
  lastName: string | null;
}

/** The review list: open hits on applications of `countries`, oldest first, with the total. */
export async function listOpenHits(
  db: Executor,
  countries: readonly string[],
  paging: { offset: number; limit: number },
): Promise<{ items: OpenHitRow[]; total: number }> {
  const where: SQL = and(isHit, undecided, inArray(loanApplication.country, [...countries]))!;
  const items = await db
    .select({
      check: personCheck,
      humanReadableId: loanApplication.humanReadableId,
      country: loanApplication.country,
      status: loanApplication.status,
      firstName: person.firstName,
      lastName: person.lastName,
    })
    .from(personCheck)
    .innerJoin(loanApplication, eq(loanApplication.id, personCheck.loanApplicationId))
    .innerJoin(person, eq(person.id, personCheck.personId))
    .where(where)
    .orderBy(asc(personCheck.createdAt), asc(personCheck.id))
    .offset(paging.offset)
    .limit(paging.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(personCheck)
    .innerJoin(loanApplication, eq(loanApplication.id, personCheck.loanApplicationId))
    .where(where);
  return { items, total: counted?.total ?? 0 };
}
