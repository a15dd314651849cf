import { desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { personCheck } from '#src/db/schema/backoffice.ts';

export type PersonCheckRow = typeof personCheck.$inferSelect;
export type NewPersonCheckRow = typeof personCheck.$inferInsert;

/** One screening run (PEP, RCA, sanctions); runs are never edited, a new screening is a new row. */
export async function insertPersonCheck(db: Executor, values: NewPersonCheckRow): Promise<PersonCheckRow> {
  const [row] = await db.insert(personCheck).values(values).returning();
  return row!;
}

/** Screening runs of many persons and applications in one statement, in the order given. */
export async function insertPersonChecks(
  db: Executor,
  values: readonly NewPersonCheckRow[],
): Promise<PersonCheckRow[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(personCheck)
    .values([...values])
    .returning();
  // Matched back by application and person (unique within one call): RETURNING's order is not promised.
  const keyOf = (row: Pick<PersonCheckRow, 'loanApplicationId' | 'personId'>) =>
    `${row.loanApplicationId}:${row.personId}`;
  const byKey = new Map(rows.map((row) => [keyOf(row as PersonCheckRow), row]));
  return values.map((value) => byKey.get(keyOf(value as PersonCheckRow))!);
}

export async function findPersonCheckById(db: Executor, id: string): Promise<PersonCheckRow | undefined> {
  const [row] = await db.select().from(personCheck).where(eq(personCheck.id, id));
  return row;
}

/** A person's screenings, newest first. */
export async function listPersonChecks(db: Executor, personId: string): Promise<PersonCheckRow[]> {
  return db
    .select()
    .from(personCheck)
    .where(eq(personCheck.personId, personId))
    .orderBy(desc(personCheck.createdAt), desc(personCheck.id));
}

/** The screening that counts now: the newest one. */
export async function findLatestPersonCheck(
  db: Executor,
  personId: string,
): Promise<PersonCheckRow | undefined> {
  const [row] = await listPersonChecks(db, personId);
  return row;
}
