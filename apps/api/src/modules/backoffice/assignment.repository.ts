import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { assignment } from '#src/db/schema/backoffice.ts';

export type AssignmentRow = typeof assignment.$inferSelect;

export interface OpenAssignmentInput {
  loanApplicationId: string;
  bucketId: string;
  /** The application's country (copied, see 0003_backoffice.sql). */
  country: string;
  /** The application revision the placement was made from. */
  revision: number;
  assigneeId?: string | null;
  now: Date;
}

/** §3 assignment filters (AssigneeID, Processed, BucketID) plus the markets a caller may see. */
export interface AssignmentListFilters {
  assigneeId?: string;
  processed?: boolean;
  bucketId?: string;
  countries?: readonly string[];
  loanApplicationId?: string;
}

const isOpen = isNull(assignment.processedAt);

/** An open assignment's row: in its bucket since `now`. */
function newAssignmentRow(input: OpenAssignmentInput) {
  return {
    loanApplicationId: input.loanApplicationId,
    bucketId: input.bucketId,
    assigneeId: input.assigneeId ?? null,
    country: input.country,
    revision: input.revision,
    bucketUpdatedAt: input.now,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Puts an application into a bucket. Answers undefined, and changes nothing, when the application already
 * has an open assignment (one open assignment per application: move or process that one instead).
 */
export async function openAssignment(
  db: Executor,
  input: OpenAssignmentInput,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .insert(assignment)
    .values(newAssignmentRow(input))
    .onConflictDoNothing({ target: assignment.loanApplicationId, where: sql`processed_at IS NULL` })
    .returning();
  return row;
}

/**
 * openAssignment for many applications in one statement (work-queue placement of an outbox batch, ADR
 * 0085): each put into its bucket unless it already has an open assignment. Answers the ids of the
 * applications it opened an item for.
 */
export async function openAssignments(
  db: Executor,
  inputs: readonly OpenAssignmentInput[],
): Promise<Set<string>> {
  if (inputs.length === 0) return new Set();
  const rows = await db
    .insert(assignment)
    .values(inputs.map(newAssignmentRow))
    .onConflictDoNothing({ target: assignment.loanApplicationId, where: sql`processed_at IS NULL` })
    .returning({ loanApplicationId: assignment.loanApplicationId });
  return new Set(rows.map((row) => row.loanApplicationId));
}

export async function findOpenAssignment(
  db: Executor,
  loanApplicationId: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(assignment)
    .where(and(eq(assignment.loanApplicationId, loanApplicationId), isOpen));
  return row;
}

export async function listAssignments(
  db: Executor,
  filters: AssignmentListFilters = {},
  paging: { offset: number; limit: number } = { offset: 0, limit: 100 },
): Promise<AssignmentRow[]> {
  const conditions: (SQL | undefined)[] = [
    filters.assigneeId ? eq(assignment.assigneeId, filters.assigneeId) : undefined,
    filters.processed === undefined
      ? undefined
      : filters.processed
        ? isNotNull(assignment.processedAt)
        : isOpen,
    filters.bucketId ? eq(assignment.bucketId, filters.bucketId) : undefined,
    filters.loanApplicationId ? eq(assignment.loanApplicationId, filters.loanApplicationId) : undefined,
  ];
  if (filters.countries) {
    if (filters.countries.length === 0) return [];
    conditions.push(inArray(assignment.country, [...filters.countries]));
  }
  return (
    db
      .select()
      .from(assignment)
      .where(and(...conditions))
      // Longest waiting first: the order a queue is worked in
      .orderBy(asc(assignment.bucketUpdatedAt), asc(assignment.id))
      .offset(paging.offset)
      .limit(paging.limit)
  );
}

/** Every assignment an application has had, newest first. */
export async function listAssignmentHistory(
  db: Executor,
  loanApplicationId: string,
): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(assignment)
    .where(eq(assignment.loanApplicationId, loanApplicationId))
    .orderBy(desc(assignment.createdAt), desc(assignment.id));
}

/**
 * Gives the open assignment to `assigneeId` (null hands it back to the bucket). With `expectedAssigneeId`
 * the change happens only if the assignee is still that one (null = still unassigned), so two agents
 * taking the same application cannot both win. Answers undefined when nothing changed.
 */
export async function assignOpenAssignment(
  db: Executor,
  input: {
    loanApplicationId: string;
    assigneeId: string | null;
    expectedAssigneeId?: string | null;
    now: Date;
  },
): Promise<AssignmentRow | undefined> {
  const expected =
    input.expectedAssigneeId === undefined
      ? undefined
      : input.expectedAssigneeId === null
        ? isNull(assignment.assigneeId)
        : eq(assignment.assigneeId, input.expectedAssigneeId);
  const [row] = await db
    .update(assignment)
    .set({ assigneeId: input.assigneeId, updatedAt: input.now })
    .where(and(eq(assignment.loanApplicationId, input.loanApplicationId), isOpen, expected))
    .returning();
  return row;
}

/** Moves the open assignment to another bucket, placed from `revision`; the assignee is kept. */
export async function moveOpenAssignment(
  db: Executor,
  input: { loanApplicationId: string; bucketId: string; revision: number; now: Date },
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .update(assignment)
    .set({
      bucketId: input.bucketId,
      revision: input.revision,
      bucketUpdatedAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(assignment.loanApplicationId, input.loanApplicationId), isOpen))
    .returning();
  return row;
}

/** Closes the open assignment: processed now by `processedBy`. Answers undefined when none was open. */
export async function processOpenAssignment(
  db: Executor,
  input: { loanApplicationId: string; processedBy: string; now: Date },
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .update(assignment)
    .set({ processedAt: input.now, processedBy: input.processedBy, updatedAt: input.now })
    .where(and(eq(assignment.loanApplicationId, input.loanApplicationId), isOpen))
    .returning();
  return row;
}
