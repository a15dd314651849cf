import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import { expirySweepIntervalMs } from '@nordloan/domain/lending/expiry';
import type { Config } from '#src/config.ts';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { type EventPublisher, outboxRelayTick } from '#src/jobs/outbox-relay.ts';
import { createJobWorker, type JobHandlers, type JobWorker, type WorkerLogger } from '#src/jobs/worker.ts';
import {
  recordAcceptance,
  recordAcceptanceFailure,
  recordDisbursement,
  recordDisbursementDecision,
} from '#src/modules/lending/acceptance-and-payout/lender-confirmation.service.ts';
import { runExpirySweep } from '#src/modules/lending/closing/expiry.service.ts';
import { recordDecision, recordDecisionFailure } from '#src/modules/lending/decisions/decision.service.ts';
import {
  createLocalExternalDataStandIn,
  type ExternalDataProvider,
} from '#src/modules/lending/intake/external-data.ts';
import { runIntake } from '#src/modules/lending/intake/intake.service.ts';
import type {
  LenderAdapter,
  LenderPanel,
  LenderQuoteView,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  loadLenderApplication,
  loadParties,
  randomnessKeyOf,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { createSimulatedLenderPanel } from '#src/modules/lending/lender-panel/simulated-lender-panel.ts';
import { findLoanRequest, findQuote } from '#src/modules/lending/lending.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/loan-application.repository.ts';
import { jobKinds } from './lending-job-kinds.ts';
import { recordRegistration, recordRegistrationFailure } from './registration.service.ts';

// The lending engine's job handlers (job-kinds.ts) and the worker that runs them. Every handler reads the
// current state, calls the lender (outside any transaction: a lender may be slow), and records the answer
// in the job's finishing transaction through a fan-out.service `record…` function that does nothing when
// the state it expects is gone.

export interface LendingJobDependencies {
  panel: LenderPanel;
  externalData: ExternalDataProvider;
}

const idOf = (payload: Record<string, unknown>, key: string) => String(payload[key] ?? '');

/** The quote as the lender sees it, plus the call identifiers. */
async function quoteCall(db: Executor, quote: LoanQuoteRow, attempt: number) {
  const request = await findLoanRequest(db, quote.loanRequestId);
  const application = await findApplicationById(db, quote.loanApplicationId);
  const parties = application ? await loadParties(db, application) : { main: undefined, co: undefined };
  const view: LenderQuoteView = {
    quoteId: quote.id,
    externalReference: request?.externalReference ?? null,
    offer: {
      amount: quote.amount,
      durationMonths: quote.durationMonths,
      nominalRate: quote.nominalRate,
      startupFee: quote.startupFee,
      monthlyFee: quote.monthlyFee,
      feeHandling: quote.feeHandling as LenderQuoteView['offer']['feeHandling'],
      offerType: quote.offerType as LenderQuoteView['offer']['offerType'],
      loanKind: quote.loanKind as LenderQuoteView['offer']['loanKind'],
    },
  };
  return {
    requestId: quote.loanRequestId,
    applicationId: quote.loanApplicationId,
    randomnessKey: application ? randomnessKeyOf(application, parties) : quote.loanApplicationId,
    attempt,
    quote: view,
  };
}

/**
 * What the lender is sent: carried in the job's payload from the fan-out (the application is locked
 * meanwhile); read from the database for a job enqueued without it.
 */
async function lenderViewFor(
  db: Executor,
  payload: Record<string, unknown>,
  request: { loanApplicationId: string; lenderId: string },
  now: Date,
): Promise<LenderApplication | undefined> {
  if (payload.application) return payload.application as LenderApplication;
  const application = await findApplicationById(db, request.loanApplicationId);
  return application
    ? loadLenderApplication(db, application, { lenderId: request.lenderId, now })
    : undefined;
}

function requireAdapter(panel: LenderPanel, lenderId: string): LenderAdapter {
  const adapter = panel.adapter(lenderId);
  if (!adapter) throw new Error(`Lender ${lenderId} is not on the panel`);
  return adapter;
}

export function lendingJobHandlers(deps: LendingJobDependencies): JobHandlers {
  const { panel, externalData } = deps;
  return {
    [jobKinds.processApplication]: {
      async run({ job, db, now, finish }) {
        await runIntake({ db, applicationId: idOf(job.payload, 'applicationId'), panel, externalData, now });
        await finish();
      },
    },

    [jobKinds.lenderRegister]: {
      async run({ job, db, now, finish }) {
        const request = await findLoanRequest(db, idOf(job.payload, 'requestId'));
        if (!request || request.status < 211 || request.status > 249) return finish();
        const adapter = panel.adapter(request.lenderId);
        if (!adapter) {
          return finish((tx) =>
            recordRegistration(tx, {
              requestId: request.id,
              result: {
                status: 'not-registered',
                code: 265,
                reasonCode: 'BANK_DISABLED',
                reason: 'Not on the panel',
              },
              adapter: undefined,
              now: now(),
            }),
          );
        }
        const view = await lenderViewFor(db, job.payload, request, now());
        if (!view) return finish();
        const result = await adapter.registerApplication({
          requestId: request.id,
          applicationId: request.loanApplicationId,
          randomnessKey: view.randomnessKey,
          attempt: job.attempts,
          application: view,
        });
        await finish((tx) =>
          recordRegistration(tx, { requestId: request.id, result, adapter, application: view, now: now() }),
        );
      },
      async onFinalFailure({ job, tx, now, error }) {
        await recordRegistrationFailure(tx, {
          requestId: idOf(job.payload, 'requestId'),
          now,
          error: String(error),
        });
      },
    },

    [jobKinds.lenderDecision]: {
      async run({ job, db, now, finish }) {
        const request = await findLoanRequest(db, idOf(job.payload, 'requestId'));
        if (!request) return finish();
        const adapter = requireAdapter(panel, request.lenderId);
        const view = await lenderViewFor(db, job.payload, request, now());
        if (!view) return finish();
        const result = await adapter.fetchDecision({
          requestId: request.id,
          applicationId: request.loanApplicationId,
          randomnessKey: view.randomnessKey,
          attempt: job.attempts,
          application: view,
        });
        await finish((tx) =>
          recordDecision(tx, {
            requestId: request.id,
            poll: Number(job.payload.poll ?? 1),
            decision: result.status === 'pending' ? 'pending' : result.decision,
            documentsAsked: result.status === 'decided' ? (result.documentsAsked ?? []) : [],
            adapter,
            application: view,
            now: now(),
          }),
        );
      },
      async onFinalFailure({ job, tx, now, error }) {
        await recordDecisionFailure(tx, {
          requestId: idOf(job.payload, 'requestId'),
          now,
          error: String(error),
        });
      },
    },

    [jobKinds.lenderAccept]: {
      async run({ job, db, now, finish }) {
        const quote = await findQuote(db, idOf(job.payload, 'quoteId'));
        if (quote?.acceptanceStatus !== 'pending') return finish();
        const adapter = requireAdapter(panel, quote.lenderId);
        const result = await adapter.acceptOffer(await quoteCall(db, quote, job.attempts));
        await finish((tx) => recordAcceptance(tx, { quoteId: quote.id, result, adapter, now: now() }));
      },
      async onFinalFailure({ job, tx, now, error }) {
        await recordAcceptanceFailure(tx, {
          quoteId: idOf(job.payload, 'quoteId'),
          now,
          error: String(error),
        });
      },
    },

    [jobKinds.lenderDisbursementDecision]: {
      async run({ job, db, now, finish }) {
        const quote = await findQuote(db, idOf(job.payload, 'quoteId'));
        if (quote?.status !== 'accepted') return finish();
        const adapter = requireAdapter(panel, quote.lenderId);
        const result = await adapter.requestDisbursementDecision(await quoteCall(db, quote, job.attempts));
        await finish(async (tx) => {
          await recordDisbursementDecision(tx, {
            quoteId: quote.id,
            result,
            actor: { kind: 'lender', id: quote.lenderId },
            adapter,
            now: now(),
          });
        });
      },
    },

    [jobKinds.lenderDisburse]: {
      async run({ job, db, now, finish }) {
        const quote = await findQuote(db, idOf(job.payload, 'quoteId'));
        if (quote?.status !== 'accepted') return finish();
        const adapter = requireAdapter(panel, quote.lenderId);
        const result = await adapter.disburse(await quoteCall(db, quote, job.attempts));
        await finish(async (tx) => {
          await recordDisbursement(tx, {
            quoteId: quote.id,
            result,
            actor: { kind: 'system', id: 'lender-disburse' },
            now: now(),
          });
        });
      },
    },

    [jobKinds.expirySweep]: {
      async run({ db, now, finish, log }) {
        const summary = await runExpirySweep({ db, now: now() });
        if (summary.quotes + summary.applications > 0) log.info({ ...summary }, 'expiry sweep');
        await finish(async (tx) => {
          await scheduleExpirySweep(tx, new Date(now().getTime() + expirySweepIntervalMs));
        });
      },
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

export interface LendingWorkerOptions {
  db: Db;
  config: Config;
  now: () => Date;
  /** Defaults to the simulated panel of the config's seed and delay scale. */
  panel?: LenderPanel;
  externalData?: ExternalDataProvider;
  workerId?: string;
  log?: WorkerLogger;
  concurrency?: number;
  leaseMs?: number;
  /** Where outbox events go; defaults to a debug log line. */
  publish?: EventPublisher;
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
  const panel =
    options.panel ??
    createSimulatedLenderPanel({
      seed: config.worker.lenderSeed,
      delayScale: config.worker.lenderDelayScale,
    });
  const externalData =
    options.externalData ?? createLocalExternalDataStandIn({ seed: config.worker.lenderSeed });
  const log = options.log;
  const worker = createJobWorker({
    db,
    now,
    handlers: lendingJobHandlers({ panel, externalData }),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(log ? { log } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    onTick: outboxRelayTick({
      db,
      now,
      ...(log ? { log } : {}),
      ...(options.publish ? { publish: options.publish } : {}),
    }),
  });
  return { ...worker, panel };
}
