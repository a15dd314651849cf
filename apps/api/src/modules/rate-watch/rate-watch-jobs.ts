import { addMonths } from '@nordloan/domain/lending/rate-watch';
import type { Config } from '#src/config.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import type { PrequalificationLenders } from '#src/modules/approval-odds/approval-odds.service.ts';
import { findRateWatchById, updateRateWatch } from './rate-watch.repository.ts';
import { askPanel, planLook, recordLook } from './rate-watch-check.service.ts';
import { isDue, RATE_WATCH_CHECK_JOB, scheduleRateWatchCheck } from './rate-watch-schedule.ts';

// The rate watch's one job kind (docs/decisions/0081). The lenders are asked outside any transaction (a
// slow lender holds no row); the look is recorded in the job's finishing transaction, with the watch held
// and checked again: a watch stopped or changed while the lenders answered records nothing.

/** A lender's deadline for its soft estimate; a watch waits longer than a page can (nobody is waiting). */
export const rateWatchLenderTimeoutMs = 5_000;

export function rateWatchJobHandlers(deps: {
  config: Config;
  lenders: PrequalificationLenders;
  timeoutMs?: number | undefined;
}): JobHandlers {
  return {
    [RATE_WATCH_CHECK_JOB]: {
      async run({ job, db, now, finish }) {
        const id = String(job.payload.rateWatchId);
        const dueAt = job.payload.dueAt;
        const watch = await findRateWatchById(db, id);
        if (!isDue(watch, dueAt)) return finish();
        const at = now();
        const plan = await planLook(db, watch, at);
        const answers =
          plan.kind === 'ask'
            ? await askPanel(deps.lenders, plan, deps.timeoutMs ?? rateWatchLenderTimeoutMs)
            : [];
        await finish(async (tx) => {
          const held = await findRateWatchById(tx, id, { forUpdate: true });
          if (!isDue(held, dueAt)) return;
          await recordLook(tx, { config: deps.config, watch: held, plan, answers, now: at });
        });
      },
      // A look that failed every attempt is skipped, not the watch: the next one is queued as usual.
      async onFinalFailure({ job, tx, now }) {
        const held = await findRateWatchById(tx, String(job.payload.rateWatchId), { forUpdate: true });
        if (!isDue(held, job.payload.dueAt)) return;
        const next = new Date(
          Math.min(addMonths(now, held.intervalMonths).getTime(), held.expiresAt.getTime()),
        );
        await scheduleRateWatchCheck(
          tx,
          await updateRateWatch(tx, held.id, { nextCheckAt: next, updatedAt: now }),
        );
      },
    },
  };
}
