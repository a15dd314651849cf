// The job handler every lender job kind shares (registration, decision): a kind says how it asks a lender
// and records the answers; the handler asks the lenders of one job or of a batch of jobs side by side and
// records their answers alone or, for the jobs of many applications, in one transaction (ADR 0047).
import type { Executor } from '#src/db/client.ts';
import type { JobRow } from '#src/db/schema/lending.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { settleWaitingCallbacksOfRequests } from '#src/modules/lending/callbacks/signed-callback.service.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  askLenders,
  errorOf,
  type LenderCall,
  lenderCallsOf,
  lenderCallsOfJobs,
  requestIdsOf,
} from './lender-calls.ts';

type Asked<Result> = Awaited<ReturnType<typeof askLenders<Result>>>;

/**
 * How one kind of lender job (registration, decision) asks its lenders and records their answers: alone,
 * one job in its own transaction, or for the jobs of many applications in one (ADR 0047).
 */
export interface LenderJobKind<Result, Answer> {
  kind: string;
  stillPending: (status: number) => boolean;
  /** Asks one lender for the job (the answer is checked: one the request cannot take throws). */
  ask: (job: JobRow) => (call: LenderCall) => Promise<Result>;
  answersOf: (job: JobRow, asked: Asked<Result>) => Answer[];
  record: (tx: Executor, input: { answers: Answer[]; now: Date }) => Promise<void>;
  recordBatch: (
    tx: Executor,
    input: { applications: Array<{ applicationId: string; answers: Answer[] }>; now: Date },
  ) => Promise<{ refused: Set<string> }>;
  /** A request whose split-off call failed its last attempt. */
  recordFailure: (tx: Executor, input: { requestId: string; now: Date; error: string }) => Promise<void>;
}

/**
 * One job's answers recorded alone, and its failed calls split off; then the lender's callbacks that came
 * before the requests could take them are settled.
 */
async function recordAsked<Result, Answer>(
  tx: Executor,
  input: {
    panel: LenderPanel;
    kind: LenderJobKind<Result, Answer>;
    job: JobRow;
    asked: Asked<Result>;
    now: Date;
  },
) {
  const { panel, kind, job, asked, now } = input;
  await kind.record(tx, { answers: kind.answersOf(job, asked), now });
  await asked.splitOff(tx, (inner, call, error) =>
    kind.recordFailure(inner, { requestId: call.request.id, now, error }),
  );
  await settleWaitingCallbacksOfRequests(tx, { requestIds: requestIdsOf(job.payload), panel, now });
}

/** The job handler of a lender job kind: `run` for one job, `runBatch` for many. */
export function lenderJobHandler<Result, Answer>(
  panel: LenderPanel,
  kind: LenderJobKind<Result, Answer>,
  batchSize: number,
): JobHandlers[string] {
  return {
    async run(context) {
      const { job, db, now, finish } = context;
      const calls = await lenderCallsOf(db, {
        payload: job.payload,
        panel,
        stillPending: kind.stillPending,
        now: now(),
      });
      if (calls.length === 0) return finish();
      const asked = await askLenders(context, calls, kind.ask(job));
      await finish((tx) => recordAsked(tx, { panel, kind, job, asked, now: now() }));
    },
    batchSize,
    async runBatch(batch) {
      const { jobs, db, now, log } = batch;
      const callsOf = await lenderCallsOfJobs(db, {
        jobs,
        panel,
        stillPending: kind.stillPending,
        now: now(),
      });
      // Every job's lenders asked side by side, as each job alone would (ADR 0047 point 2).
      const outcomes = await Promise.all(
        jobs.map(async (job) => {
          const calls = callsOf.get(job.id) ?? [];
          if (calls.length === 0) return { job };
          try {
            const asked = await askLenders({ ...batch, job }, calls, kind.ask(job));
            return { job, applicationId: calls[0]!.request.loanApplicationId, asked };
          } catch (error) {
            return { job, error };
          }
        }),
      );
      // A job whose every call failed fails alone: retried after the backoff, as any job.
      for (const outcome of outcomes) {
        if ('error' in outcome) {
          await batch.runAlone(outcome.job, async () => {
            throw outcome.error;
          });
        }
      }
      const together = outcomes.filter((outcome) => !('error' in outcome));
      let recorded: JobRow[] = [];
      try {
        recorded = await batch.finishTogether(
          together.map((outcome) => outcome.job),
          async (tx, held) => {
            const items = together.filter((outcome) => held.includes(outcome.job));
            const { refused } = await kind.recordBatch(tx, {
              applications: items.flatMap((item) =>
                item.applicationId && item.asked
                  ? [{ applicationId: item.applicationId, answers: kind.answersOf(item.job, item.asked) }]
                  : [],
              ),
              now: now(),
            });
            const accepted = items.filter((item) => !item.applicationId || !refused.has(item.applicationId));
            for (const item of accepted) {
              await item.asked?.splitOff(tx, (inner, call, error) =>
                kind.recordFailure(inner, { requestId: call.request.id, now: now(), error }),
              );
            }
            await settleWaitingCallbacksOfRequests(tx, {
              requestIds: accepted.flatMap((item) => requestIdsOf(item.job.payload)),
              panel,
              now: now(),
            });
            return accepted.map((item) => item.job);
          },
        );
      } catch (error) {
        log.warn(
          {
            kind: kind.kind,
            jobs: together.length,
            err: errorMessageOf(error),
          },
          'lender job batch not recorded; recording each job alone',
        );
      }
      // Refused plans and a batch that failed: each job recorded alone with the answers it has (the
      // lenders are not asked again); one that fails again is retried as any job.
      const left = together.filter((outcome) => !recorded.includes(outcome.job));
      await batch.runEachAlone(
        left.map((item) => item.job),
        (job, context) =>
          context.finish(async (tx) => {
            const item = left.find((candidate) => candidate.job === job)!;
            if (item.asked)
              await recordAsked(tx, { panel, kind, job: item.job, asked: item.asked, now: now() });
          }),
      );
    },
    async onFinalFailure({ job, tx, now, error }) {
      for (const requestId of requestIdsOf(job.payload)) {
        await kind.recordFailure(tx, { requestId, now, error: errorOf(error, requestId) });
      }
    },
  };
}
