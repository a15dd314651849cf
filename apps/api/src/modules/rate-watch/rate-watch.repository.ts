import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import {
  type RateWatchCheckRow,
  type RateWatchRow,
  rateWatch,
  rateWatchCheck,
} from '#src/db/schema/rate-watch.ts';

// The rate watch's SQL (docs/decisions/0081): one watch per paid-out application, and its checks.

export type { RateWatchCheckRow, RateWatchRow };
export type NewRateWatch = typeof rateWatch.$inferInsert;
export type NewRateWatchCheck = typeof rateWatchCheck.$inferInsert;

export async function findRateWatchOfApplication(
  db: Executor,
  applicationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RateWatchRow | undefined> {
  const query = db.select().from(rateWatch).where(eq(rateWatch.loanApplicationId, applicationId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findRateWatchById(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RateWatchRow | undefined> {
  const query = db.select().from(rateWatch).where(eq(rateWatch.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts the application's watch, or replaces the settings of the one it had (stopped or expired). */
export async function upsertRateWatch(db: Executor, values: NewRateWatch): Promise<RateWatchRow> {
  const { loanApplicationId: _key, createdAt: _created, ...changes } = values;
  const [row] = await db
    .insert(rateWatch)
    .values(values)
    .onConflictDoUpdate({ target: rateWatch.loanApplicationId, set: changes })
    .returning();
  return row!;
}

export async function updateRateWatch(
  db: Executor,
  id: string,
  changes: Partial<Omit<NewRateWatch, 'id' | 'loanApplicationId'>>,
): Promise<RateWatchRow> {
  const [row] = await db.update(rateWatch).set(changes).where(eq(rateWatch.id, id)).returning();
  return row!;
}

export async function insertRateWatchCheck(
  db: Executor,
  values: NewRateWatchCheck,
): Promise<RateWatchCheckRow> {
  const [row] = await db.insert(rateWatchCheck).values(values).returning();
  return row!;
}

export async function findLatestRateWatchCheck(
  db: Executor,
  rateWatchId: string,
): Promise<RateWatchCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(rateWatchCheck)
    .where(eq(rateWatchCheck.rateWatchId, rateWatchId))
    .orderBy(desc(rateWatchCheck.checkedAt))
    .limit(1);
  return row;
}

/** The watches of these customers with every check, newest first (the customer's copy of their data). */
export async function findRateWatchesOfCustomers(
  db: Executor,
  customerIds: readonly string[],
): Promise<Array<{ watch: RateWatchRow; checks: RateWatchCheckRow[] }>> {
  if (customerIds.length === 0) return [];
  const watches = await db
    .select()
    .from(rateWatch)
    .where(inArray(rateWatch.customerId, [...customerIds]))
    .orderBy(desc(rateWatch.startedAt));
  if (watches.length === 0) return [];
  const checks = await db
    .select()
    .from(rateWatchCheck)
    .where(
      inArray(
        rateWatchCheck.rateWatchId,
        watches.map((watch) => watch.id),
      ),
    )
    .orderBy(desc(rateWatchCheck.checkedAt));
  return watches.map((watch) => ({
    watch,
    checks: checks.filter((check) => check.rateWatchId === watch.id),
  }));
}

/** The active watches of these customers (an erasure request stops them). */
export async function findActiveRateWatchesOfCustomers(
  db: Executor,
  customerIds: readonly string[],
): Promise<RateWatchRow[]> {
  if (customerIds.length === 0) return [];
  return db
    .select()
    .from(rateWatch)
    .where(and(inArray(rateWatch.customerId, [...customerIds]), eq(rateWatch.state, 'active')));
}
