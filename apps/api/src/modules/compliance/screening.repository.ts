import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { personCheck } from '#src/db/schema/backoffice.ts';
import { person } from '#src/db/schema/core.ts';
import { personCheckReview } from '#src/db/schema/screening.ts';
import type { PersonCheckRow } from '../person-check.repository.ts';

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

/** Of `loanApplicationIds`, those with an open hit (hasOpenHit for many, one statement). */
export async function applicationsWithOpenHit(
  db: Executor,
  loanApplicationIds: readonly string[],
): Promise<Set<string>> {
  if (loanApplicationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: personCheck.loanApplicationId })
    .from(personCheck)
    .where(and(inArray(personCheck.loanApplicationId, [...loanApplicationIds]), isHit, undecided));
  return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
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
