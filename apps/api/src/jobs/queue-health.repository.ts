import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { rowsOf } from './job.repository.ts';
import { notBehindAPutOffEvent } from './outbox.repository.ts';

// How the background work stands, for the operators' metrics (jobs/queue-metrics.ts): every count is
// answered from a partial index (the outbox's unpublished and put-off events, the job queue's due and failed
// jobs), so a scrape stays cheap however many finished jobs and published events the tables hold. The oldest
// takeable event is looked for as the relay's take looks (outbox.repository.ts), leaving out the put-off
// events themselves: a poisoned one, due again every 30 minutes, would make the age jump for a moment.

export interface QueueHealth {
  /** Events not yet handed on: a backlog during a fan-out, near zero otherwise. */
  outboxUnpublished: number;
  /** Of those, the events whose publishing failed and that wait for their next attempt (outbox-relay.ts). */
  outboxPutOff: number;
  /** The most failed attempts of one of them: it keeps being retried, every 30 minutes at most. */
  outboxMostAttempts: number;
  /**
   * Age of the oldest event the relay could hand on now, in seconds (0: none): neither put off nor waiting
   * behind an earlier put-off event of its application. It grows only when the relay stops or falls behind;
   * a poisoned event, retried for ever, shows in `outboxPutOff` instead.
   */
  outboxOldestTakeableSeconds: number;
  jobsPending: number;
  jobsRunning: number;
  /** Jobs that used up their attempts: nothing runs them again without a person. */
  jobsFailed: number;
}

export async function readQueueHealth(db: Executor, now: Date): Promise<QueueHealth> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM outbox_event WHERE published_at IS NULL)::int AS outbox_unpublished,
      (SELECT count(*) FROM outbox_event
        WHERE published_at IS NULL AND retry_at IS NOT NULL)::int AS outbox_put_off,
      (SELECT coalesce(max(publish_attempts), 0) FROM outbox_event
        WHERE published_at IS NULL AND retry_at IS NOT NULL)::int AS outbox_most_attempts,
      (SELECT created_at FROM outbox_event
        WHERE published_at IS NULL AND retry_at IS NULL AND ${notBehindAPutOffEvent()}
        ORDER BY id LIMIT 1) AS outbox_oldest_takeable,
      (SELECT count(*) FROM job WHERE status = 'pending')::int AS jobs_pending,
      (SELECT count(*) FROM job WHERE status = 'running')::int AS jobs_running,
      (SELECT count(*) FROM job WHERE status = 'failed')::int AS jobs_failed`);
  const row = rowsOf<{
    outbox_unpublished: number;
    outbox_put_off: number;
    outbox_most_attempts: number;
    outbox_oldest_takeable: string | Date | null;
    jobs_pending: number;
    jobs_running: number;
    jobs_failed: number;
  }>(result)[0]!;
  const oldest = row.outbox_oldest_takeable === null ? undefined : new Date(row.outbox_oldest_takeable);
  return {
    outboxUnpublished: row.outbox_unpublished,
    outboxPutOff: row.outbox_put_off,
    outboxMostAttempts: row.outbox_most_attempts,
    outboxOldestTakeableSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    jobsPending: row.jobs_pending,
    jobsRunning: row.jobs_running,
    jobsFailed: row.jobs_failed,
  };
}
