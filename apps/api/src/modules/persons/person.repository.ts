import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { nationalIdLookupHash } from '#src/db/personal-data-cipher.ts';
import { person } from '#src/db/schema/core.ts';

export type PersonRow = typeof person.$inferSelect;
/** A person to write: the lookup hash is derived here from the national id, never passed in. */
export type NewPersonRow = Omit<typeof person.$inferInsert, 'nationalIdHash'>;

/** The row as stored: the national id's lookup hash beside its (column-encrypted) copy (ADR 0033). */
function withLookupHash(values: NewPersonRow): typeof person.$inferInsert {
  return { ...values, nationalIdHash: nationalIdLookupHash(values.nationalId) };
}

export async function findPersonById(db: Executor, id: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(person).where(eq(person.id, id));
  return row;
}

/** Persons by id, in one statement. */
export async function findPersonsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(person)
    .where(inArray(person.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findPersonByNationalId(
  db: Executor,
  country: string,
  nationalId: string,
): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(person)
    .where(and(eq(person.country, country), eq(person.nationalIdHash, nationalIdLookupHash(nationalId))));
  return row;
}

export async function insertPerson(db: Executor, values: NewPersonRow): Promise<PersonRow> {
  const [row] = await db.insert(person).values(withLookupHash(values)).returning();
  return row!;
}

/** Finds the person by national id or creates it; safe when two logins race (unique constraint). */
export async function findOrCreatePerson(db: Executor, values: NewPersonRow): Promise<PersonRow> {
  const [created] = await db.insert(person).values(withLookupHash(values)).onConflictDoNothing().returning();
  if (created) return created;
  return (await findPersonByNationalId(db, values.country, values.nationalId))!;
}

/** Inserts unless a person with the same country and national id exists; undefined then (no error raised,
 * so no database message carrying the national id reaches a log). */
export async function insertPersonIfNew(db: Executor, values: NewPersonRow): Promise<PersonRow | undefined> {
  const [row] = await db.insert(person).values(withLookupHash(values)).onConflictDoNothing().returning();
  return row;
}

export async function updatePerson(
  db: Executor,
  id: string,
  changes: Partial<NewPersonRow>,
  now: Date,
): Promise<PersonRow> {
  const stored = changes.nationalId ? { nationalIdHash: nationalIdLookupHash(changes.nationalId) } : {};
  const [row] = await db
    .update(person)
    .set({ ...changes, ...stored, updatedAt: now })
    .where(eq(person.id, id))
    .returning();
  return row!;
}
