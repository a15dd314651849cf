import type { Executor } from '#src/db/client.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { RateWatchRow } from './rate-watch.repository.ts';

// A watch's next look is one job on the app's job queue, due at the watch's next_check_at. The job carries
// that moment: a job whose watch has since been stopped, changed or renewed finds another moment there and
// does nothing, so changing a watch never needs to find and cancel the job queued before.

export const RATE_WATCH_CHECK_JOB = 'rate-watch.check';

/** Queues the check due at the watch's next_check_at (once: the key is the watch and the moment). */
export async function scheduleRateWatchCheck(tx: Executor, watch: RateWatchRow): Promise<void> {
  if (watch.state !== 'active' || !watch.nextCheckAt) return;
  const dueAt = watch.nextCheckAt.toISOString();
  await enqueueJob(tx, {
    kind: RATE_WATCH_CHECK_JOB,
    payload: { rateWatchId: watch.id, dueAt },
    runAt: watch.nextCheckAt,
    dedupeKey: `${RATE_WATCH_CHECK_JOB}:${watch.id}:${dueAt}`,
  });
}

/** Whether a job queued for `dueAt` is still the watch's next look. */
export function isDue(watch: RateWatchRow | undefined, dueAt: unknown): watch is RateWatchRow {
  return (
    watch !== undefined &&
    watch.state === 'active' &&
    watch.nextCheckAt !== null &&
    watch.nextCheckAt.toISOString() === dueAt
  );
}
