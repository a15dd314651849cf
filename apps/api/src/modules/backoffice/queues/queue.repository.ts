import { type WorkQueueRule, workQueueRules } from '@nordloan/domain/backoffice';
import { and, asc, count, eq, inArray, isNotNull, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { assignment, bucket } from '#src/db/schema/backoffice.ts';
import { person } from '#src/db/schema/core.ts';
import type { AssignmentRow } from '../assignment.repository.ts';
import type { BucketRow } from '../bucket.repository.ts';

// Work-queue SQL beyond the §3 repositories: pages with the application's headline, summaries with the
// oldest item, taking the next item, and Revision-guarded changes (ADR 0021).

const isOpen = isNull(assignment.processedAt);

export interface QueueFilters {
  countries: readonly string[];
  bucketId?: string | undefined;
  assigneeId?: string | undefined;
  processed?: boolean | undefined;
}

function queueConditions(filters: QueueFilters): SQL | undefined {
  return and(
    inArray(assignment.country, [...filters.countries]),
    filters.bucketId ? eq(assignment.bucketId, filters.bucketId) : undefined,
    filters.assigneeId ? eq(assignment.assigneeId, filters.assigneeId) : undefined,
    filters.processed === undefined
      ? undefined
      : filters.processed
        ? isNotNull(assignment.processedAt)
        : isOpen,
  );
}

export interface QueueItemRow {
  assignment: AssignmentRow;
  humanReadableId: string;
  product: string;
  status: number;
  firstName: string | null;
  lastName: string | null;
}

/** One page of a queue, longest waiting first, with the total of the filter. */
export async function pageQueue(
  db: Executor,
  filters: QueueFilters,
  paging: { offset: number; limit: number },
): Promise<{ rows: QueueItemRow[]; total: number }> {
  if (filters.countries.length === 0) return { rows: [], total: 0 };
  const where = queueConditions(filters);
  // The page of assignments first (one index, sorted, 25 rows), then the headline of just those
  // applications: joining before the limit made PostgreSQL join every open item of the bucket.
  const page = await db
    .select()
    .from(assignment)
    .where(where)
    .orderBy(asc(assignment.bucketUpdatedAt), asc(assignment.id))
    .offset(paging.offset)
    .limit(paging.limit);
  const headlines =
    page.length === 0
      ? []
      : await db
          .select({
            id: loanApplication.id,
            humanReadableId: loanApplication.humanReadableId,
            product: loanApplication.product,
            status: loanApplication.status,
            firstName: person.firstName,
            lastName: person.lastName,
          })
          .from(loanApplication)
          .leftJoin(person, eq(person.id, loanApplication.personId))
          .where(
            inArray(
              loanApplication.id,
              page.map((row) => row.loanApplicationId),
            ),
          );
  const byId = new Map(headlines.map((row) => [row.id, row]));
  const rows = page.flatMap((row) => {
    const headline = byId.get(row.loanApplicationId);
    return headline ? [{ assignment: row, ...headline }] : [];
  });
  const [totals] = await db.select({ total: count() }).from(assignment).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export interface BucketSummaryWithOldest {
  bucket: BucketRow;
  assigned: number;
  unassigned: number;
  total: number;
  oldest: Date | null;
}

/** Open items per bucket (every bucket, zeros included) in the given markets, with the oldest one. */
export async function summarizeQueues(
  db: Executor,
  countries: readonly string[],
): Promise<BucketSummaryWithOldest[]> {
  const buckets = await db.select().from(bucket).orderBy(asc(bucket.priority), asc(bucket.name));
  if (countries.length === 0) {
    return buckets.map((row) => ({ bucket: row, assigned: 0, unassigned: 0, total: 0, oldest: null }));
  }
  const counts = await db
    .select({
      bucketId: assignment.bucketId,
      assigned: sql<number>`count(${assignment.assigneeId})::int`,
      total: sql<number>`count(*)::int`,
      oldest: min(assignment.bucketUpdatedAt),
    })
    .from(assignment)
    .where(and(isOpen, inArray(assignment.country, [...countries])))
    .groupBy(assignment.bucketId);
  const byBucket = new Map(counts.map((row) => [row.bucketId, row]));
  return buckets.map((row) => {
    const found = byBucket.get(row.id);
    const total = found?.total ?? 0;
    const assigned = found?.assigned ?? 0;
    return {
      bucket: row,
      assigned,
      unassigned: total - assigned,
      total,
      oldest: found?.oldest ? new Date(found.oldest) : null,
    };
  });
}

export async function findAssignmentById(db: Executor, id: string): Promise<AssignmentRow | undefined> {
  const [row] = await db.select().from(assignment).where(eq(assignment.id, id));
  return row;
}

export async function findAssignmentByIdForUpdate(
  db: Executor,
  id: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await db.select().from(assignment).where(eq(assignment.id, id)).for('update');
  return row;
}

/**
 * The oldest unassigned open item of a bucket in the given markets, held FOR UPDATE; items another
 * agent is taking at this moment are skipped (SKIP LOCKED), so two agents never get the same one.
 */
export async function lockNextUnassigned(
  db: Executor,
  input: { bucketId: string; countries: readonly string[] },
): Promise<AssignmentRow | undefined> {
  if (input.countries.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(assignment)
    .where(
      and(
        eq(assignment.bucketId, input.bucketId),
        isOpen,
        isNull(assignment.assigneeId),
        inArray(assignment.country, [...input.countries]),
      ),
    )
    .orderBy(asc(assignment.bucketUpdatedAt), asc(assignment.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * Changes an assignment if it is still at `revision` and open; adds one to its Revision. Answers
 * undefined when it was changed meanwhile (or processed): the caller answers 409.
 */
export async function updateAssignmentAt(
  db: Executor,
  input: {
    id: string;
    revision: number;
    now: Date;
    changes: Partial<{
      assigneeId: string | null;
      processedAt: Date;
      processedBy: string;
      bucketId: string;
      bucketUpdatedAt: Date;
    }>;
  },
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .update(assignment)
    .set({ ...input.changes, revision: sql`${assignment.revision} + 1`, updatedAt: input.now })
    .where(and(eq(assignment.id, input.id), eq(assignment.revision, input.revision), isOpen))
    .returning();
  return row;
}

/** An application as work-queue placement sees it: its status and country, and its open item's rule. */
export interface PlacementState {
  application: { id: string; status: number; country: string };
  /** The open item and its bucket's rule (null: a bucket filled by hand); undefined when none is open. */
  open: { assignment: AssignmentRow; rule: string | null } | undefined;
}

/** The applications' current status and open item (one per application, a unique index), one statement. */
export async function findPlacementStates(
  db: Executor,
  applicationIds: readonly string[],
): Promise<PlacementState[]> {
  if (applicationIds.length === 0) return [];
  const rows = await db
    .select({
      application: {
        id: loanApplication.id,
        status: loanApplication.status,
        country: loanApplication.country,
      },
      assignment,
      rule: bucket.rule,
    })
    .from(loanApplication)
    .leftJoin(
      assignment,
      and(eq(assignment.loanApplicationId, loanApplication.id), isNull(assignment.processedAt)),
    )
    .leftJoin(bucket, eq(bucket.id, assignment.bucketId))
    .where(inArray(loanApplication.id, [...applicationIds]));
  return rows.map((row) => ({
    application: row.application,
    open: row.assignment ? { assignment: row.assignment, rule: row.rule ?? null } : undefined,
  }));
}

/** An open item moved to another bucket, or closed, at the revision it was read at. */
export interface AssignmentChangeAt {
  id: string;
  revision: number;
  bucketId?: string;
  close?: boolean;
  /** When this item moved or closed (the event's time in a batch of several, ADR 0085); else `now`. */
  at?: Date;
}

/**
 * updateAssignmentAt for many items in one statement (work-queue placement of a batch, ADR 0047): each
 * moved to `bucketId` or closed by `processedBy`, only while still open at the revision read. Answers the
 * ids of the items it changed (one changed meanwhile is left as it is).
 */
export async function updateAssignmentsAt(
  db: Executor,
  input: { changes: readonly AssignmentChangeAt[]; now: Date; processedBy: string },
): Promise<Set<string>> {
  if (input.changes.length === 0) return new Set();
  const rows = input.changes.map((change) => ({
    id: change.id,
    revision: change.revision,
    bucket_id: change.bucketId ?? null,
    close: change.close ?? false,
    at: (change.at ?? input.now).toISOString(),
  }));
  const at = sql`v.at`;
  const changed = await db
    .update(assignment)
    .set({
      bucketId: sql`coalesce(v.bucket_id, ${assignment.bucketId})`,
      bucketUpdatedAt: sql`CASE WHEN v.bucket_id IS NULL THEN ${assignment.bucketUpdatedAt} ELSE ${at} END`,
      processedAt: sql`CASE WHEN v.close THEN ${at} ELSE ${assignment.processedAt} END`,
      processedBy: sql`CASE WHEN v.close THEN ${input.processedBy} ELSE ${assignment.processedBy} END`,
      revision: sql`${assignment.revision} + 1`,
      updatedAt: at,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, revision integer, bucket_id uuid, close boolean, at timestamptz)`,
    )
    .where(and(eq(assignment.id, sql`v.id`), eq(assignment.revision, sql`v.revision`), isOpen))
    .returning({ id: assignment.id });
  return new Set(changed.map((row) => row.id));
}

/** The bucket a work-queue rule fills, created from the rule the first time it is needed. */
export async function ensureRuleBucket(db: Executor, rule: WorkQueueRule, now: Date): Promise<BucketRow> {
  const [existing] = await db.select().from(bucket).where(eq(bucket.rule, rule));
  if (existing) return existing;
  const definition = workQueueRules.find((candidate) => candidate.rule === rule)!;
  const [created] = await db
    .insert(bucket)
    .values({
      name: definition.name,
      priority: definition.priority,
      requiresAceAction: definition.requiresAceAction,
      conditionsExplanation: definition.explanation,
      rule,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another transaction made it, or staff made a bucket of that name by hand: that bucket takes the rule.
  const [adopted] = await db
    .update(bucket)
    .set({ rule, updatedAt: now })
    .where(and(eq(bucket.name, definition.name), isNull(bucket.rule)))
    .returning();
  if (adopted) return adopted;
  const [raced] = await db.select().from(bucket).where(eq(bucket.rule, rule));
  return raced!;
}
