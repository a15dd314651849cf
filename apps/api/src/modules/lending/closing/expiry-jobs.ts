// The scheduled expiry sweep (jobKinds.expirySweep, closing/expiry.service.ts): it re-enqueues itself for
// the next interval slot; lending.routes.ts enqueues the first when the app starts.
import { expirySweepIntervalMs } from '@nordloan/domain/lending/expiry';
import type { Executor } from '#src/db/client.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { runExpirySweep } from './expiry.service.ts';

export function expirySweepJobHandler(): JobHandlers[string] {
  return {
    async run({ db, now, finish, log }) {
      const summary = await runExpirySweep({ db, now: now() });
      if (summary.quotes + summary.applications > 0) log.info({ ...summary }, 'expiry sweep');
      await finish(async (tx) => {
        await scheduleExpirySweep(tx, new Date(now().getTime() + expirySweepIntervalMs));
      });
    },
  };
}

/** Enqueues the sweep for the interval slot `at` falls in; instances starting together enqueue one. */
export async function scheduleExpirySweep(db: Executor, at: Date): Promise<void> {
  const slot = Math.floor(at.getTime() / expirySweepIntervalMs);
  await enqueueJob(db, {
    kind: jobKinds.expirySweep,
    dedupeKey: `${jobKinds.expirySweep}:${slot}`,
    runAt: new Date(slot * expirySweepIntervalMs),
  });
}
