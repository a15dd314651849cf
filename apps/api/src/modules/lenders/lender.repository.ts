import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { commissionPercentOf } from '@nordloan/domain/lending/transparency';
import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { lender } from '#src/db/schema/lenders.ts';

export type LenderRow = typeof lender.$inferSelect;

/**
 * Makes the lender table match the configured panel: every profile upserted and active, every other
 * lender kept but inactive. Safe to run from several instances at once (upserts only).
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
      updatedAt: now,
    };
    await db
      .insert(lender)
      .values({ id: profile.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: lender.id, set: values });
  }
  const ids = panel.map((profile) => profile.id);
  await db
    .update(lender)
    .set({ active: false, updatedAt: now })
    .where(ids.length > 0 ? notInArray(lender.id, ids) : sql`true`);
}

export async function listLenders(db: Executor, options: { country?: string } = {}): Promise<LenderRow[]> {
  const query = db.select().from(lender);
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
