import type { FastifyInstance } from 'fastify';
import type { Executor } from '#src/db/client.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { DocumentStorage } from '#src/modules/documents/document.service.ts';
import { runRetention } from './retention.service.ts';

// The retention job runs once a day at 02:00 UTC (a quiet hour in all four countries), on whichever
// instance's worker claims it; each run schedules the next, and instances starting together enqueue one
// (the dedupe key is the day).

export const retentionJobKind = 'retention-sweep';
const dayMs = 86_400_000;
const runAtHourUtc = 2;

/** Enqueues the run of the day `at` falls in (02:00 UTC that day); a second call for that day is a no-op. */
export async function scheduleRetentionRun(db: Executor, at: Date): Promise<void> {
  const day = Math.floor(at.getTime() / dayMs);
  await enqueueJob(db, {
    kind: retentionJobKind,
    dedupeKey: `${retentionJobKind}:${day}`,
    runAt: new Date(day * dayMs + runAtHourUtc * 3_600_000),
  });
}

export function registerRetentionJob(worker: JobWorker, options: { storage: DocumentStorage }): void {
  worker.register({
    [retentionJobKind]: {
      async run({ now, finish, log }) {
        let removedDocumentKeys: string[] = [];
        await finish(async (tx) => {
          const summary = await runRetention({ db: tx, now: now() });
          removedDocumentKeys = summary.removedDocumentKeys;
          if (summary.anonymisedPersons > 0) {
            log.info(
              { anonymisedPersons: summary.anonymisedPersons, documents: removedDocumentKeys.length },
              'retention: persons anonymised',
            );
          }
          await scheduleRetentionRun(tx, new Date(now().getTime() + dayMs));
        });
        // The bytes go once the rows are gone for good: a rolled-back run must not lose a file still listed.
        for (const key of removedDocumentKeys) await options.storage.remove(key);
      },
    },
  });
}

/** Wires the job into the app's worker (none in tests that drive jobs themselves). */
export async function retentionJobs(
  app: FastifyInstance,
  options: ModuleOptions & { worker?: JobWorker | undefined; storage: DocumentStorage },
): Promise<void> {
  const { worker, db, now, storage } = options;
  if (!worker) return;
  registerRetentionJob(worker, { storage });
  app.addHook('onReady', async () => {
    await scheduleRetentionRun(db, now());
  });
}
