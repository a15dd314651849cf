import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insertRowsAsJson, parsedJson } from '#src/db/json-rows.ts';
import { type JobRow, job } from '#src/db/schema/lending.ts';
import { withTraceContext } from '#src/telemetry/tracing.ts';

// The job queue's SQL. Claiming uses FOR UPDATE SKIP LOCKED so that several API instances on one
// PostgreSQL never take the same job; PGlite has one connection, where the same SQL simply never meets a
// lock. Times come from the caller's clock (tests move it), never from the database's now().

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** Enqueueing the same key twice keeps the first job: retried handlers stay idempotent. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Attempts already made: a job split off a batch job carries the batch's count (default 0). */
  attempts?: number;
}

/** Enqueues a job; with a dedupeKey that already exists nothing happens (answers undefined). */
export async function enqueueJob(db: Executor, input: NewJob): Promise<JobRow | undefined> {
  const [row] = await db
    .insert(job)
    .values(jobValues(input))
    .onConflictDoNothing({ target: job.dedupeKey })
    .returning();
  return row;
}

/** A new job's row: pending, its attempts so far (0 unless split off a batch), five at most by default. */
function jobValues(input: NewJob) {
  return {
    kind: input.kind,
    // The trace of the request or job that queued it, for the job's span (ADR 0072; off: unchanged).
    payload: withTraceContext(input.payload ?? {}),
    runAt: input.runAt,
    dedupeKey: input.dedupeKey ?? null,
    maxAttempts: input.maxAttempts ?? 5,
    attempts: input.attempts ?? 0,
  };
}

/**
 * Enqueues several jobs in one statement (the lender calls of a batch's applications, ADR 0047): a job whose
 * dedupeKey exists already is left out, as with enqueueJob.
 */
export async function enqueueJobs(db: Executor, inputs: readonly NewJob[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.execute(insertRowsAsJson(job, inputs.map(jobValues), { onConflictDoNothing: true }));
}

/**
 * Of `ids`, the jobs `workerId` still holds, locked until the transaction ends (ADR 0047: a batch holds its
 * jobs before it writes, so no other worker can claim them in between and a job whose lease was lost is
 * left out before anything of it is written). Answers their ids.
 */
export async function holdJobs(
  db: Executor,
  input: { jobs: ReadonlyArray<Pick<JobRow, 'id' | 'attempts'>>; workerId: string },
): Promise<Set<number>> {
  if (input.jobs.length === 0) return new Set();
  const rows = await db
    .select({ id: job.id, attempts: job.attempts })
    .from(job)
    .where(
      and(
        inArray(
          job.id,
          input.jobs.map((held) => held.id),
        ),
        eq(job.lockedBy, input.workerId),
        eq(job.status, 'running'),
      ),
    )
    .orderBy(job.id)
    .for('update');
  // The attempt is the lease's token: a lease that ran out and was claimed again, even by this worker, is
  // another attempt, and the run that held the first one must not record anything.
  const attemptOf = new Map(input.jobs.map((held) => [held.id, held.attempts]));
  return new Set(rows.filter((row) => attemptOf.get(row.id) === row.attempts).map((row) => row.id));
}

/** Marks the jobs done, as completeJob, in one statement (jobs the caller holds: see holdJobs). */
export async function completeJobs(
  db: Executor,
  input: { ids: readonly number[]; workerId: string; now: Date },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const rows = await db
    .update(job)
    .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: input.now, updatedAt: input.now })
    .where(and(inArray(job.id, [...input.ids]), eq(job.lockedBy, input.workerId), eq(job.status, 'running')))
    .returning({ id: job.id });
  return rows.length;
}

/**
 * Leases up to `limit` due jobs to `workerId` until now + leaseMs: pending jobs whose time has come, and
 * running jobs whose lease ran out (their worker died). Each claim counts as an attempt.
 */
export async function claimJobs(
  db: Executor,
  input: { workerId: string; now: Date; leaseMs: number; limit: number; kinds?: readonly string[] },
): Promise<JobRow[]> {
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs);
  const kindFilter = kindCondition(input.kinds);
  const result = await db.execute(sql`
    UPDATE job
       SET status = 'running', attempts = attempts + 1, locked_by = ${input.workerId},
           locked_until = ${lockedUntil.toISOString()}::timestamptz, updated_at = ${input.now.toISOString()}::timestamptz
     WHERE id IN (
       SELECT id FROM job
        WHERE ((status = 'pending' AND run_at <= ${input.now.toISOString()}::timestamptz)
            OR (status = 'running' AND locked_until < ${input.now.toISOString()}::timestamptz))
          ${kindFilter}
        ORDER BY run_at, id
        LIMIT ${input.limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  return rowsOf<RawJobRow>(result)
    .map(fromRawJob)
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** A job row as the raw RETURNING gives it (snake_case; bigint and timestamps as the driver returns them). */
interface RawJobRow {
  id: number | string;
  kind: string;
  payload: Record<string, unknown> | string;
  dedupe_key: string | null;
  status: string;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRawJob(row: RawJobRow): JobRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: parsedJson(row.payload),
    dedupeKey: row.dedupe_key,
    status: row.status,
    runAt: toDate(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until === null ? null : toDate(row.locked_until),
    lastError: row.last_error,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  };
}

function kindCondition(kinds: readonly string[] | undefined) {
  return kinds?.length
    ? sql`AND kind IN (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`
    : sql``;
}

/** node-postgres answers { rows }, PGlite answers { rows } too; both through drizzle's execute. */
export function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/**
 * Marks the job done if `workerId` still holds it. Run inside the transaction that wrote the job's effects:
 * when the lease was lost (another worker took the job over) this answers false and the caller rolls back.
 */
export async function completeJob(
  db: Executor,
  input: {
    id: number;
    workerId: string;
    now: Date;
    /** The attempt the caller claimed (its lease's token: see holdJobs); left out, any attempt. */
    attempt?: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: input.now, updatedAt: input.now })
    .where(
      and(
        eq(job.id, input.id),
        eq(job.lockedBy, input.workerId),
        eq(job.status, 'running'),
        input.attempt === undefined ? undefined : eq(job.attempts, input.attempt),
      ),
    )
    .returning({ id: job.id });
  return rows.length > 0;
}

/**
 * A stopping worker gives back the jobs it still leases (ADR 0071): due again at once for another
 * instance instead of after the lease runs out. A run of it still going loses its lease: its finish rolls
 * back. Answers how many were given back.
 */
export async function releaseLeases(db: Executor, input: { workerId: string; now: Date }): Promise<number> {
  const rows = await db
    .update(job)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null, runAt: input.now, updatedAt: input.now })
    .where(and(eq(job.lockedBy, input.workerId), eq(job.status, 'running')))
    .returning({ id: job.id });
  return rows.length;
}

/** Gives a failed attempt back to the queue for `retryAt`, or ends the job as failed when `final`. */
export async function failJob(
  db: Executor,
  input: {
    id: number;
    workerId: string;
    now: Date;
    error: string;
    retryAt: Date | null;
    /** The attempt that failed: a later claim of the job (its lease ran out) is left alone. */
    attempt?: number;
  },
): Promise<void> {
  await db
    .update(job)
    .set(
      input.retryAt
        ? {
            status: 'pending',
            runAt: input.retryAt,
            lockedBy: null,
            lockedUntil: null,
            lastError: input.error,
            updatedAt: input.now,
          }
        : {
            status: 'failed',
            lockedBy: null,
            lockedUntil: null,
            lastError: input.error,
            finishedAt: input.now,
            updatedAt: input.now,
          },
    )
    .where(
      and(
        eq(job.id, input.id),
        eq(job.lockedBy, input.workerId),
        input.attempt === undefined ? undefined : eq(job.attempts, input.attempt),
      ),
    );
}

/**
 * Whether a job of `kinds` is due now (for "run until idle"): pending and due, or leased and the lease
 * ran out.
 */
export async function hasDueJobs(db: Executor, now: Date, kinds?: readonly string[]): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 FROM job
     WHERE ((status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz)
        OR (status = 'running' AND locked_until < ${now.toISOString()}::timestamptz))
       ${kindCondition(kinds)}
     LIMIT 1`);
  return rowsOf(result).length > 0;
}

export async function findJobs(db: Executor, kind?: string): Promise<JobRow[]> {
  const query = db.select().from(job);
  return kind ? query.where(eq(job.kind, kind)).orderBy(job.id) : query.orderBy(job.id);
}

/** The earliest time a pending job (of `kinds`) becomes due, for tests and the benchmark. */
export async function nextDueAt(db: Executor, kinds?: readonly string[]): Promise<Date | undefined> {
  const result = await db.execute(
    sql`SELECT min(run_at) AS next FROM job WHERE status = 'pending' ${kindCondition(kinds)}`,
  );
  const value = rowsOf<{ next: string | Date | null }>(result)[0]?.next;
  return value ? new Date(value) : undefined;
}
