// The intake job (jobKinds.processApplication): one submitted application taken from 160 to 210 and the
// fan-out (intake.service.ts), or the intakes of a batch of applications recorded in one transaction
// (intake-batch.service.ts, ADR 0047), each one it cannot record run alone.
import type { JobRow } from '#src/db/schema/lending.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { jobKinds, payloadId } from '#src/modules/lending/lending-job-kinds.ts';
import type { ExternalDataProvider } from './external-data.ts';
import { runIntake } from './intake.service.ts';
import { fetchedFor, prepareIntakeBatch, recordIntakeBatch } from './intake-batch.service.ts';

/**
 * The intake's batches stay at 50 at most: an intake the batch cannot record (a secured loan, a change
 * since the read, a batch that failed) runs alone inside the batch's lease — one by one, with the
 * register's and the bureau's answers the batch had where it had them — so the batch's size bounds that
 * work (ADR 0048, "Consequences").
 */
export const intakeBatchSizeLimit = 50;

export function intakeJobHandler(deps: {
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  batchSize: number;
}): JobHandlers[string] {
  const { panel, externalData, batchSize } = deps;
  return {
    async run({ job, db, now, finish }) {
      await runIntake({
        db,
        applicationId: payloadId(job.payload, 'applicationId'),
        panel,
        externalData,
        now,
      });
      await finish();
    },
    batchSize: Math.min(batchSize, intakeBatchSizeLimit),
    async runBatch(batch) {
      const { jobs, db, now, log } = batch;
      const applicationOf = (job: JobRow) => payloadId(job.payload, 'applicationId');
      const { candidates, alone } = await prepareIntakeBatch({
        db,
        applicationIds: jobs.map(applicationOf),
        panel,
        externalData,
        now: now(),
      });
      const together = jobs.filter(
        (job) => candidates.has(applicationOf(job)) && !alone.has(applicationOf(job)),
      );
      let recorded: JobRow[] = [];
      try {
        recorded = await batch.finishTogether(together, async (tx, held) => {
          const done = await recordIntakeBatch(tx, {
            candidates: [...new Set(held.map(applicationOf))].map((id) => candidates.get(id)!),
            now: now(),
          });
          return held.filter((job) => done.has(applicationOf(job)));
        });
      } catch (error) {
        log.warn(
          {
            kind: jobKinds.processApplication,
            jobs: together.length,
            err: errorMessageOf(error),
          },
          'intake batch not recorded; running each intake alone',
        );
      }
      // Off the common path, changed since the read, or a batch that failed: runIntake, one by one — with
      // the register's and the bureau's answers the batch had, not asking them again (a credit inquiry).
      await batch.runEachAlone(
        jobs.filter((candidate) => !recorded.includes(candidate)),
        async (job, context) => {
          const applicationId = applicationOf(job);
          await runIntake({
            db,
            applicationId,
            panel,
            externalData,
            now,
            fetchedBefore: fetchedFor(candidates.get(applicationId)),
          });
          await context.finish();
        },
      );
    },
  };
}
