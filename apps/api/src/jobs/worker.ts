import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '#src/db/client.ts';
import type { JobRow } from '#src/db/schema/lending.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { inCarriedSpan } from '#src/telemetry/tracing.ts';
import {
  claimJobs,
  completeJob,
  completeJobs,
  failJob,
  hasDueJobs,
  holdJobs,
  releaseLeases,
} from './job.repository.ts';

// The in-process worker of the job queue (architecture.md "jobs"). Each API instance may run one; they
// share the queue through the database. A job runs "exactly once in effect": its effects and its
// completion commit in ONE transaction (`finish`), which rolls back when the lease was lost to another
// worker, and every handler is written so that running it again after a crash changes nothing twice.

export interface WorkerLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export const silentLogger: WorkerLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** Thrown by `finish` when the job's lease passed to another worker: this run's effects are rolled back. */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} was taken over by another worker`);
    this.name = 'LeaseLostError';
  }
}

export interface JobContext {
  job: JobRow;
  db: Db;
  now: () => Date;
  log: WorkerLogger;
  /** The worker's backoff before retry `attempt` (1-based): for a handler that splits off part of its job. */
  retryDelayMs(attempt: number): number;
  /**
   * Runs `work` and marks the job done in one transaction. Call it once, last; a handler that returns
   * without calling it is marked done with no further effects.
   */
  finish(work?: (tx: Executor) => Promise<void>): Promise<void>;
}

/**
 * Many due jobs of one kind run as one (ADR 0047): their effects recorded together in one transaction,
 * each job still leased, retried and failed as its own.
 */
export interface JobBatchContext {
  jobs: JobRow[];
  db: Db;
  now: () => Date;
  log: WorkerLogger;
  retryDelayMs(attempt: number): number;
  /**
   * Runs `body` for one job of the batch as the worker runs any job: `finish` completes it alone, a throw
   * retries it after the backoff, the last attempt's failure goes to `onFinalFailure`. A job already
   * finished, failed or taken over by another worker (finishTogether) is left as it is.
   */
  runAlone(job: JobRow, body: (context: JobContext) => Promise<void>): Promise<void>;
  /**
   * One transaction: holds those of `jobs` this worker still leases (FOR UPDATE; the others lost their
   * lease and are left out before anything is written), runs `work` with them, and completes the jobs
   * `work` answers. Answers the jobs completed; a throw rolls everything back and completes none.
   */
  finishTogether(
    jobs: readonly JobRow[],
    work: (tx: Executor, held: JobRow[]) => Promise<JobRow[]>,
  ): Promise<JobRow[]>;
  /** runAlone for several jobs, as many at once as the worker's concurrency (a batch that fell back). */
  runEachAlone(
    jobs: readonly JobRow[],
    body: (job: JobRow, context: JobContext) => Promise<void>,
  ): Promise<void>;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /** Runs up to `batchSize` due jobs of the kind at once; jobs it leaves unfinished are finished alone. */
  runBatch?(batch: JobBatchContext): Promise<void>;
  batchSize?: number;
  /** After the last attempt failed: record the failure (e.g. the lender request 263 "bank error"). */
  onFinalFailure?(context: { job: JobRow; tx: Executor; now: Date; error: unknown }): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

export interface JobWorkerOptions {
  db: Db;
  /** Handlers known at creation; modules add theirs with `register` (the app's worker starts empty). */
  handlers?: JobHandlers;
  now: () => Date;
  workerId?: string;
  /** How long a claim lasts; a worker that has not finished by then is presumed dead. */
  leaseMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  pollIntervalMs?: number;
  log?: WorkerLogger;
  /** Extra work each poll (e.g. relaying the outbox). */
  onTick?: () => Promise<void>;
  /** Backoff before retry `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** false: every job runs alone, `runBatch` unused (to compare the two; default true). */
  batches?: boolean;
  /** How long `stop` waits for jobs in flight before giving their leases back (default 10 s). */
  stopDeadlineMs?: number;
}

export interface JobWorker {
  readonly id: string;
  /** Adds handlers for more job kinds (a module registers its own; jobs/ knows none of them). */
  register(handlers: JobHandlers): void;
  /** Claims and runs one batch of due jobs; answers how many ran. */
  runOnce(): Promise<number>;
  /** Runs batches until no job is due (by the worker's clock). */
  runUntilIdle(options?: { maxBatches?: number }): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** A job span's attributes (ADR 0072): its kind, id and attempt — never its payload (it may name a person). */
const jobAttributes = (jobs: readonly JobRow[]) => () => ({
  'nordloan.job.kind': jobs[0]!.kind,
  'nordloan.job.id': jobs[0]!.id,
  'nordloan.job.attempt': jobs[0]!.attempts,
  'nordloan.job.count': jobs.length,
});

const defaultRetryDelayMs = (attempt: number) => Math.min(1_000 * 2 ** (attempt - 1), 5 * 60_000);

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, now } = options;
  const handlers: JobHandlers = { ...options.handlers };
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const log = options.log ?? silentLogger;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  // Only the kinds this worker can run are claimed; read per batch, since modules register theirs later.
  const kinds = () => Object.keys(handlers);

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    await runJobWith(job, async (context) => {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler.run(context);
    });
  }

  /** Runs `body` as the job's run: finished alone if it does not finish it, retried or failed if it throws. */
  async function runJobWith(job: JobRow, body: (context: JobContext) => Promise<void>): Promise<void> {
    // A span of the trace that queued the job (ADR 0072; off: the run alone).
    return inCarriedSpan(`job ${job.kind}`, [job.payload], jobAttributes([job]), () => runJobBody(job, body));
  }

  async function runJobBody(job: JobRow, body: (context: JobContext) => Promise<void>): Promise<void> {
    const handler = handlers[job.kind];
    let finished = false;
    const context: JobContext = {
      job,
      db,
      now,
      log,
      retryDelayMs,
      finish: async (work) => {
        if (finished) throw new Error(`Job ${job.id}: finish called twice`);
        await db.transaction(async (tx) => {
          if (work) await work(tx);
          if (!(await completeJob(tx, { id: job.id, workerId, now: now(), attempt: job.attempts })))
            throw new LeaseLostError(job.id);
        });
        finished = true;
      },
    };
    try {
      await body(context);
      if (!finished) await context.finish();
    } catch (error) {
      await recordFailure(job, error, handler);
    }
  }

  async function recordFailure(job: JobRow, error: unknown, handler: JobHandler | undefined): Promise<void> {
    if (error instanceof LeaseLostError) {
      log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost; its effects were rolled back');
      return;
    }
    const message = errorMessageOf(error);
    const final = job.attempts >= job.maxAttempts;
    log[final ? 'error' : 'warn'](
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message },
      'job failed',
    );
    if (final) {
      await db.transaction(async (tx) => {
        await handler?.onFinalFailure?.({ job, tx, now: now(), error });
        await failJob(tx, {
          id: job.id,
          workerId,
          now: now(),
          error: message,
          retryAt: null,
          attempt: job.attempts,
        });
      });
    } else {
      const retryAt = new Date(now().getTime() + retryDelayMs(job.attempts));
      await failJob(db, { id: job.id, workerId, now: now(), error: message, retryAt, attempt: job.attempts });
    }
  }

  /** Jobs of a kind with `runBatch`, run as one (ADR 0047); every job ends finished, retried or failed. */
  async function runBatch(jobs: JobRow[]): Promise<void> {
    const handler = handlers[jobs[0]!.kind]!;
    const settled = new Set<number>();
    const batch: JobBatchContext = {
      jobs,
      db,
      now,
      log,
      retryDelayMs,
      runAlone: async (job, body) => {
        if (settled.has(job.id)) return;
        settled.add(job.id);
        await runJobWith(job, body);
      },
      runEachAlone: async (alone, body) => {
        let next = 0;
        const lane = async () => {
          while (next < alone.length) {
            const job = alone[next++]!;
            await batch.runAlone(job, (context) => body(job, context));
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, alone.length) }, lane));
      },
      finishTogether: async (candidates, work) => {
        const open = candidates.filter((job) => !settled.has(job.id));
        if (open.length === 0) return [];
        let held = new Set<number>();
        let completed: JobRow[] = [];
        await db.transaction(async (tx) => {
          held = await holdJobs(tx, { jobs: open, workerId });
          const recorded = await work(
            tx,
            open.filter((job) => held.has(job.id)),
          );
          const done = await completeJobs(tx, { ids: recorded.map((job) => job.id), workerId, now: now() });
          if (done !== recorded.length) throw new Error('A batch recorded a job it did not hold');
          completed = recorded;
        });
        for (const job of open) {
          if (!held.has(job.id)) {
            // Taken over by another worker since the claim: nothing of it was written here.
            settled.add(job.id);
            log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost; left out of its batch');
          } else if (completed.includes(job)) settled.add(job.id);
        }
        return completed;
      },
    };
    try {
      await inCarriedSpan(
        `job batch ${jobs[0]!.kind}`,
        jobs.map((job) => job.payload),
        jobAttributes(jobs),
        () => handler.runBatch!(batch),
      );
    } catch (error) {
      // The batch failed as a whole (its transaction rolled back): each job not yet settled fails alone.
      for (const job of jobs.filter((candidate) => !settled.has(candidate.id))) {
        settled.add(job.id);
        await recordFailure(job, error, handler);
      }
      return;
    }
    // A job the batch left unfinished runs as any job of its kind (never marked done without its effects).
    for (const job of jobs.filter((candidate) => !settled.has(candidate.id))) {
      log.warn({ jobId: job.id, kind: job.kind }, 'job left unfinished by its batch; running it alone');
      await runJob(job);
    }
  }

  /**
   * Claims up to `slots` runs: a due job of a kind without `runBatch` is one run; the due jobs of a kind
   * with it are taken `batchSize` at a time, the last of them topped up by a claim of that kind alone.
   */
  async function claimRuns(
    slots: number,
  ): Promise<{ jobs: JobRow[]; runs: Array<() => Promise<void>>; maybeMore: boolean }> {
    const claimed = await claimJobs(db, { workerId, now: now(), leaseMs, limit: slots, kinds: kinds() });
    // A claim that took all it asked for may have left more due jobs behind.
    let maybeMore = claimed.length === slots;
    const runs: Array<() => Promise<void>> = [];
    const batches = new Map<string, JobRow[]>();
    for (const job of claimed) {
      const handler = handlers[job.kind];
      if (!handler?.runBatch || options.batches === false) {
        runs.push(() => runJob(job));
        continue;
      }
      const batch = batches.get(job.kind) ?? [];
      batch.push(job);
      batches.set(job.kind, batch);
    }
    const jobs = [...claimed];
    for (const [kind, claimedOfKind] of batches) {
      // A claim may hold more of a kind than its batch takes (batchSize below the worker's concurrency).
      const size = Math.max(1, Math.floor(handlers[kind]?.batchSize ?? 1) || 1);
      const chunks: JobRow[][] = [];
      for (let start = 0; start < claimedOfKind.length; start += size) {
        chunks.push(claimedOfKind.slice(start, start + size));
      }
      const last = chunks.at(-1)!;
      const room = size - last.length;
      // Only a full first claim can have left more of the kind due.
      if (room > 0 && claimed.length === slots) {
        try {
          const more = await claimJobs(db, { workerId, now: now(), leaseMs, limit: room, kinds: [kind] });
          last.push(...more);
          jobs.push(...more);
          if (more.length === room) maybeMore = true;
        } catch (error) {
          // The jobs claimed already still run; the top-up is tried again at the next claim.
          log.error({ err: errorMessageOf(error) }, 'worker top-up claim failed');
        }
      }
      for (const chunk of chunks) runs.push(() => runBatch(chunk));
    }
    return { jobs, runs, maybeMore };
  }

  async function runOnce(): Promise<number> {
    const { jobs, runs } = await claimRuns(concurrency);
    await Promise.all(runs.map((run) => run()));
    if (options.onTick) await options.onTick();
    return jobs.length;
  }

  async function runUntilIdle(runOptions: { maxBatches?: number } = {}): Promise<number> {
    const maxBatches = runOptions.maxBatches ?? 10_000;
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const ran = await runOnce();
      total += ran;
      if (ran === 0 && !(await hasDueJobs(db, now(), kinds()))) return total;
    }
    throw new Error(`Worker not idle after ${maxBatches} batches`);
  }

  // The running worker keeps up to `concurrency` jobs in flight: a job that finishes frees its slot for
  // the next due one, where runOnce waits for its whole batch (whose jobs of one application queue on
  // that application's row lock, so a batch lasts as long as its longest queue: issue 12). It claims
  // again once half the slots are free, so a claim still takes several jobs.
  async function poll(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const refill = Math.max(1, Math.floor(concurrency / 2));
    let lastTick = 0;
    // The tick runs beside the jobs, one at a time: a relay draining a backlog holds back no claim.
    let ticking: Promise<void> | undefined;
    // Jobs that finished since the last claim began: what they enqueued may be due already.
    let finishedSinceClaim = 0;
    while (running) {
      const free = concurrency - inFlight.size;
      let claimed = 0;
      let maybeMore = false;
      if (free >= refill || inFlight.size === 0) {
        finishedSinceClaim = 0;
        try {
          const claim = await claimRuns(free);
          const { runs } = claim;
          claimed = runs.length;
          maybeMore = claim.maybeMore;
          for (const run of runs) {
            const done: Promise<void> = run()
              .catch((error) => {
                log.error({ err: errorMessageOf(error) }, 'job run failed');
              })
              .finally(() => {
                inFlight.delete(done);
                finishedSinceClaim++;
                wake?.();
              });
            inFlight.add(done);
          }
          // The tick (e.g. the outbox relay) after a claim, at most every poll interval while busy.
          if (
            options.onTick &&
            running &&
            !ticking &&
            (claimed === 0 || Date.now() - lastTick >= pollIntervalMs)
          ) {
            lastTick = Date.now();
            ticking = options
              .onTick()
              .catch((error) => {
                log.error({ err: errorMessageOf(error) }, 'worker tick failed');
              })
              .finally(() => {
                ticking = undefined;
              });
          }
        } catch (error) {
          log.error({ err: errorMessageOf(error) }, 'worker poll failed');
        }
      }
      if (!running) break;
      const mayClaim = concurrency - inFlight.size >= refill || inFlight.size === 0;
      // More may be due (a full claim or a full batch; a batch leaves slots free for the next one).
      if ((maybeMore && inFlight.size < concurrency) || (finishedSinceClaim > 0 && mayClaim)) continue;
      // Until a job finishes (its slot is free, and what it enqueued may be due), the poll interval, or stop().
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollIntervalMs);
      });
      if (timer) clearTimeout(timer);
      wake = undefined;
    }
    await Promise.all(inFlight);
    await ticking;
  }

  return {
    id: workerId,
    register(more) {
      for (const [kind, handler] of Object.entries(more)) {
        if (handlers[kind]) throw new Error(`Job kind ${kind} has a handler already`);
        handlers[kind] = handler;
      }
    },
    runOnce,
    runUntilIdle,
    start() {
      if (running) return;
      running = true;
      loop = poll();
    },
    async stop() {
      const wasRunning = running;
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      // Jobs in flight finish; one still running at the deadline is left to lose its lease below.
      let deadline: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        (loop ?? Promise.resolve()).then(() => true),
        new Promise<boolean>((resolve) => {
          deadline = setTimeout(() => resolve(false), options.stopDeadlineMs ?? 10_000);
        }),
      ]);
      clearTimeout(deadline);
      if (!finished) log.warn({ workerId }, 'jobs still running at the stop deadline');
      loop = undefined;
      if (!wasRunning) return;
      // Leases this worker still holds go back to the queue (ADR 0071).
      try {
        const released = await releaseLeases(db, { workerId, now: now() });
        if (released > 0) log.info({ workerId, released }, 'job leases given back');
      } catch (error) {
        log.warn({ err: errorMessageOf(error) }, 'could not give job leases back');
      }
    },
  };
}
