// Every job of the lending engine, by kind (lending-job-kinds.ts), and the handler that runs it. Each
// handler lives with its stage: it reads the current state, calls the lender outside any transaction (a
// lender may be slow), and records the answer in the job's finishing transaction through the stage's
// `record…` service function, which does nothing when the state it expects is gone. lending.routes.ts
// registers them on the app's worker; createLendingWorker runs them alone (tests, the seed, the benchmark).
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import { type EventPublisher, outboxRelayTick } from '#src/jobs/outbox-relay.ts';
import { createJobWorker, type JobHandlers, type JobWorker, type WorkerLogger } from '#src/jobs/worker.ts';
import {
  acceptOfferJobHandler,
  disburseJobHandler,
  disbursementDecisionJobHandler,
} from './acceptance-and-payout/payout-jobs.ts';
import { expirySweepJobHandler } from './closing/expiry-jobs.ts';
import { decisionJobHandler } from './decisions/decision-jobs.ts';
import { registrationJobHandler } from './fan-out/registration-jobs.ts';
import { createLocalExternalDataStandIn, type ExternalDataProvider } from './intake/external-data.ts';
import { intakeJobHandler } from './intake/intake-jobs.ts';
import type { LenderPanel } from './lender-panel/lender-adapter.ts';
import { jobKinds } from './lending-job-kinds.ts';

export interface LendingJobDependencies {
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  /** Jobs of one kind recorded together at most (config.worker.batchSize; defaultLendingBatchSize). */
  batchSize?: number;
}

/**
 * Jobs of one kind recorded together at most (ADR 0047): one transaction of a fixed number of statements,
 * so the larger the batch the fewer statements per application. 200 (ADR 0048; 50 before): a bound, never
 * a wait — a worker takes the jobs that are due, so batches are this large only under load.
 */
export const defaultLendingBatchSize = 200;

export function lendingJobHandlers(deps: LendingJobDependencies): JobHandlers {
  const { panel, externalData, batchSize = defaultLendingBatchSize } = deps;
  return {
    [jobKinds.processApplication]: intakeJobHandler({ panel, externalData, batchSize }),
    [jobKinds.lenderRegister]: registrationJobHandler(panel, batchSize),
    [jobKinds.lenderDecision]: decisionJobHandler(panel, batchSize),
    [jobKinds.lenderAccept]: acceptOfferJobHandler(panel),
    [jobKinds.lenderDisbursementDecision]: disbursementDecisionJobHandler(panel),
    [jobKinds.lenderDisburse]: disburseJobHandler(panel),
    [jobKinds.expirySweep]: expirySweepJobHandler(),
  };
}

export interface LendingWorkerOptions {
  db: Db;
  config: Config;
  now: () => Date;
  /** The lenders (the tests': the sandbox lender over HTTP, test-lender-sandbox.ts; ADR 0083). */
  panel: LenderPanel;
  externalData?: ExternalDataProvider;
  workerId?: string;
  log?: WorkerLogger;
  concurrency?: number;
  leaseMs?: number;
  /** Where outbox events go; defaults to a debug log line. */
  publish?: EventPublisher;
  /** false: every job recorded alone (ADR 0047's batches off, to compare). */
  batches?: boolean;
}

export interface LendingWorker extends JobWorker {
  panel: LenderPanel;
}

/** The lending engine's handlers on the app's worker (lending.routes.ts calls it when the app runs one). */
export function registerLendingJobs(worker: JobWorker, deps: LendingJobDependencies): void {
  worker.register(lendingJobHandlers(deps));
}

/** A worker that runs only the lending jobs and relays the outbox: for tests, the seed and the benchmark. */
export function createLendingWorker(options: LendingWorkerOptions): LendingWorker {
  const { db, config, now } = options;
  const { panel } = options;
  const externalData =
    options.externalData ?? createLocalExternalDataStandIn({ seed: config.worker.lenderSeed });
  const log = options.log;
  const worker = createJobWorker({
    db,
    now,
    handlers: lendingJobHandlers({ panel, externalData, batchSize: config.worker.batchSize }),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(log ? { log } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.batches === false ? { batches: false } : {}),
    onTick: outboxRelayTick({
      db,
      now,
      ...(log ? { log } : {}),
      ...(options.publish ? { publish: options.publish } : {}),
    }),
  });
  return { ...worker, panel };
}
