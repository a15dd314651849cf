import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { realEstate, realEstateLink } from '#src/db/schema/backoffice.ts';

export type RealEstateRow = typeof realEstate.$inferSelect;
export type NewRealEstateRow = typeof realEstate.$inferInsert;
export type RealEstateLinkRow = typeof realEstateLink.$inferSelect;

export async function insertRealEstate(db: Executor, values: NewRealEstateRow): Promise<RealEstateRow> {
  const [row] = await db.insert(realEstate).values(values).returning();
  return row!;
}

/**
 * Stores what a valuation provider's fetch returned: the first time a new row, afterwards the same row
 * updated (unique source + fetch id), so re-running a fetch never duplicates a property.
 */
export async function upsertFetchedRealEstate(
  db: Executor,
  values: NewRealEstateRow & { fetchId: string },
  now: Date,
): Promise<RealEstateRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(realEstate)
    .values({ ...values, createdAt: values.createdAt ?? now, updatedAt: now })
    .onConflictDoUpdate({
      target: [realEstate.source, realEstate.fetchId],
      targetWhere: sql`fetch_id IS NOT NULL`,
      set: { ...changes, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function findRealEstateById(db: Executor, id: string): Promise<RealEstateRow | undefined> {
  const [row] = await db.select().from(realEstate).where(eq(realEstate.id, id));
  return row;
}

export async function listRealEstateForPerson(db: Executor, personId: string): Promise<RealEstateRow[]> {
  return db
    .select()
    .from(realEstate)
    .where(eq(realEstate.personId, personId))
    .orderBy(asc(realEstate.createdAt), asc(realEstate.id));
}

export async function updateRealEstate(
  db: Executor,
  id: string,
  changes: Partial<Omit<NewRealEstateRow, 'id' | 'personId' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): Promise<RealEstateRow | undefined> {
  const [row] = await db
    .update(realEstate)
    .set({ ...changes, updatedAt: now })
    .where(eq(realEstate.id, id))
    .returning();
  return row;
}

/** §3 link of real estate to an application; linking twice answers the existing link. */
export async function linkRealEstate(
  db: Executor,
  input: { loanApplicationId: string; realEstateId: string; now: Date },
): Promise<RealEstateLinkRow> {
  const [created] = await db
    .insert(realEstateLink)
    .values({ ...input, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: [realEstateLink.loanApplicationId, realEstateLink.realEstateId] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(realEstateLink)
    .where(
      and(
        eq(realEstateLink.loanApplicationId, input.loanApplicationId),
        eq(realEstateLink.realEstateId, input.realEstateId),
      ),
    );
  return existing!;
}

/** Answers whether a link was removed. */
export async function unlinkRealEstate(
  db: Executor,
  input: { loanApplicationId: string; realEstateId: string },
): Promise<boolean> {
  const removed = await db
    .delete(realEstateLink)
    .where(
      and(
        eq(realEstateLink.loanApplicationId, input.loanApplicationId),
        eq(realEstateLink.realEstateId, input.realEstateId),
      ),
    )
    .returning({ id: realEstateLink.id });
  return removed.length > 0;
}

export async function listRealEstateLinks(
  db: Executor,
  loanApplicationId: string,
): Promise<RealEstateLinkRow[]> {
  return db
    .select()
    .from(realEstateLink)
    .where(eq(realEstateLink.loanApplicationId, loanApplicationId))
    .orderBy(asc(realEstateLink.createdAt), asc(realEstateLink.id));
}

/** The properties linked to an application, in the order they were linked. */
export async function listRealEstateForApplication(
  db: Executor,
  loanApplicationId: string,
): Promise<RealEstateRow[]> {
  return db
    .select(getTableColumns(realEstate))
    .from(realEstateLink)
    .innerJoin(realEstate, eq(realEstate.id, realEstateLink.realEstateId))
    .where(eq(realEstateLink.loanApplicationId, loanApplicationId))
    .orderBy(asc(realEstateLink.createdAt), asc(realEstateLink.id));
}
