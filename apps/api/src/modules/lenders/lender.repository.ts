import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { commissionPercentOf } from '@nordloan/domain/lending/transparency';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { lender } from '#src/db/schema/lenders.ts';

export type LenderRow = typeof lender.$inferSelect;
export type NewLenderRow = typeof lender.$inferInsert;

/**
 * Seeds the lender table from the code list (docs/decisions/0067): a lender of the list that is missing is
 * added, one that no Manager has edited ('code') follows the list, and a 'code' lender the list no longer
 * names is kept inactive (its requests and quotes still name it). A lender a Manager added or edited
 * ('staff') and every lender's pause are left as they are. Safe to run from several instances at once.
 */
export async function syncLenderRegister(db: Executor, panel: readonly LenderProfile[], now: Date) {
  for (const profile of panel) {
    const values = {
      name: profile.name,
      country: profile.country,
      organisationNumber: profile.organisationNumber,
      products: [...profile.products],
      profile,
      // What the lender pays us for an accepted, paid-out offer (0015; disclosed on every offer).
      commissionPercent: commissionPercentOf(profile.id),
      active: true,
    };
    // Only a change makes a new version: a start-up with the same list leaves every instance's panel as is.
    await db
      .insert(lender)
      .values({ id: profile.id, ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: lender.id,
        set: { ...values, updatedAt: now },
        setWhere: sql`${lender.origin} = 'code' AND (${lender.profile} IS DISTINCT FROM excluded.profile OR NOT ${lender.active} OR ${lender.commissionPercent} IS DISTINCT FROM excluded.commission_percent OR ${lender.name} IS DISTINCT FROM excluded.name)`,
      });
  }
  const ids = panel.map((profile) => profile.id);
  await db
    .update(lender)
    .set({ active: false, updatedAt: now })
    .where(
      and(
        eq(lender.origin, 'code'),
        eq(lender.active, true),
        ids.length > 0 ? notInArray(lender.id, ids) : sql`true`,
      ),
    );
}

export async function listLenders(
  db: Executor,
  options: { country?: string; countries?: readonly string[] } = {},
): Promise<LenderRow[]> {
  const query = db.select().from(lender);
  if (options.countries) {
    if (options.countries.length === 0) return [];
    return query.where(inArray(lender.country, [...options.countries])).orderBy(asc(lender.id));
  }
  return options.country
    ? query.where(eq(lender.country, options.country)).orderBy(asc(lender.id))
    : query.orderBy(asc(lender.id));
}

/** The register rows of these lenders (names and commissions to disclose), active or not. */
export async function findLendersByIds(db: Executor, ids: readonly string[]): Promise<LenderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(lender)
    .where(inArray(lender.id, [...ids]));
}

export async function findLender(db: Executor, id: string): Promise<LenderRow | undefined> {
  const [row] = await db.select().from(lender).where(eq(lender.id, id)).limit(1);
  return row;
}

/** The lender's row, locked for an edit. */
export async function findLenderForUpdate(db: Executor, id: string): Promise<LenderRow | undefined> {
  const [row] = await db.select().from(lender).where(eq(lender.id, id)).limit(1).for('update');
  return row;
}

/** Adds a lender; undefined when the id is taken. */
export async function insertLender(db: Executor, values: NewLenderRow): Promise<LenderRow | undefined> {
  const [row] = await db.insert(lender).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateLender(
  db: Executor,
  id: string,
  changes: Partial<Omit<NewLenderRow, 'id' | 'createdAt' | 'version'>>,
): Promise<LenderRow> {
  const [row] = await db.update(lender).set(changes).where(eq(lender.id, id)).returning();
  if (!row) throw new Error(`lender ${id} vanished under its lock`);
  return row;
}

/**
 * The panel's version: the highest lender version (every insert and update takes the next number, migration
 * 0034's trigger). An instance whose panel was built from another version reads the lenders again.
 */
export async function lenderPanelVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: sql<string | null>`max(${lender.version})` }).from(lender);
  return Number(row?.version ?? 0);
}
