import type { BucketAction } from '@nordloan/domain/backoffice';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { assignment, bucket } from '#src/db/schema/backoffice.ts';

export type BucketRow = typeof bucket.$inferSelect;
export type NewBucketRow = typeof bucket.$inferInsert;

export interface BucketSummaryRow {
  bucketId: string;
  assigned: number;
  unassigned: number;
  total: number;
}

export async function insertBucket(db: Executor, values: NewBucketRow): Promise<BucketRow> {
  const [row] = await db.insert(bucket).values(values).returning();
  return row!;
}

/** Inserts the bucket unless one with the same name exists; answers the stored row either way (seed data). */
export async function ensureBucket(db: Executor, values: NewBucketRow): Promise<BucketRow> {
  const [created] = await db
    .insert(bucket)
    .values(values)
    .onConflictDoNothing({ target: bucket.name })
    .returning();
  return created ?? (await findBucketByName(db, values.name))!;
}

export async function findBucketById(db: Executor, id: string): Promise<BucketRow | undefined> {
  const [row] = await db.select().from(bucket).where(eq(bucket.id, id));
  return row;
}

export async function findBucketByName(db: Executor, name: string): Promise<BucketRow | undefined> {
  const [row] = await db.select().from(bucket).where(eq(bucket.name, name));
  return row;
}

/** Every bucket, the one to work first first. */
export async function listBuckets(db: Executor): Promise<BucketRow[]> {
  return db.select().from(bucket).orderBy(asc(bucket.priority), asc(bucket.name));
}

export async function updateBucket(
  db: Executor,
  id: string,
  changes: Partial<{
    name: string;
    priority: number;
    requiresAceAction: boolean;
    actions: BucketAction[] | null;
    conditionsExplanation: string;
  }>,
  now: Date,
): Promise<BucketRow | undefined> {
  const [row] = await db
    .update(bucket)
    .set({ ...changes, updatedAt: now })
    .where(eq(bucket.id, id))
    .returning();
  return row;
}

/**
 * §3 bucket summary: open (unprocessed) assignments per bucket, with and without an assignee. Every bucket
 * is listed, empty ones with zeros, in working order; `country` limits the count to one market.
 */
export async function summarizeBuckets(
  db: Executor,
  filters: { country?: string } = {},
): Promise<BucketSummaryRow[]> {
  const open = and(
    eq(assignment.bucketId, bucket.id),
    isNull(assignment.processedAt),
    filters.country ? eq(assignment.country, filters.country) : undefined,
  );
  const rows = await db
    .select({
      bucketId: bucket.id,
      assigned: sql<number>`count(${assignment.assigneeId})::int`,
      unassigned: sql<number>`(count(${assignment.id}) - count(${assignment.assigneeId}))::int`,
      total: sql<number>`count(${assignment.id})::int`,
    })
    .from(bucket)
    .leftJoin(assignment, open)
    .groupBy(bucket.id)
    .orderBy(asc(bucket.priority), asc(bucket.name));
  return rows;
}
