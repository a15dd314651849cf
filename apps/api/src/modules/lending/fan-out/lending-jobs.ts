import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import { expirySweepIntervalMs } from '@nordloan/domain/lending/expiry';
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import type { FinerStatusCode } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db, Executor } from '#src/db/client.ts';
import type { JobRow, LoanQuoteRow, LoanRequestRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { type EventPublisher, outboxRelayTick } from '#src/jobs/outbox-relay.ts';
import {
  createJobWorker,
  type JobContext,
  type JobHandlers,
  type JobWorker,
  type WorkerLogger,
} from '#src/jobs/worker.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { withinTimeout } from '#src/lib/within-timeout.ts';
import {
  recordAcceptance,
  recordAcceptanceFailure,
  recordDisbursement,
  recordDisbursementDecision,
} from '#src/modules/lending/acceptance-and-payout/lender-confirmation.service.ts';
import { runExpirySweep } from '#src/modules/lending/closing/expiry.service.ts';
import {
  type DecisionAnswer,
  recordDecisionBatch,
  recordDecisionFailure,
  recordDecisions,
} from '#src/modules/lending/decisions/decision.service.ts';
import {
  createLocalExternalDataStandIn,
  type ExternalDataProvider,
} from '#src/modules/lending/intake/external-data.ts';
import { runIntake } from '#src/modules/lending/intake/intake.service.ts';
import {
  fetchedFor,
  prepareIntakeBatch,
  recordIntakeBatch,
} from '#src/modules/lending/intake/intake-batch.service.ts';
import {
  type LenderAdapter,
  type LenderPanel,
  type LenderQuoteView,
  LenderUnavailableError,
  lenderOfferSchema,
  type RegistrationResult,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  loadLenderApplication,
  loadParties,
  randomnessKeyOf,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { createSimulatedLenderPanel } from '#src/modules/lending/lender-panel/simulated-lender-panel.ts';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import {
  findLoanRequest,
  listLoanRequests,
  listLoanRequestsByIds,
} from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { jobKinds } from './lending-job-kinds.ts';
import {
  type RegistrationAnswer,
  recordRegistrationBatch,
  recordRegistrationFailure,
  recordRegistrations,
} from './registration.service.ts';
import { pendingDecision, pendingRegistration } from './request-progress.service.ts';

// The lending engine's job handlers (job-kinds.ts) and the worker that runs them. Every handler reads the
// current state, calls the lender (outside any transaction: a lender may be slow), and records the answer
// in the job's finishing transaction through a fan-out.service `record…` function that does nothing when
// the state it expects is gone.

export interface LendingJobDependencies {
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  /** Jobs of one kind recorded together at most (config.worker.batchSize; defaultLendingBatchSize). */
  batchSize?: number;
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

/** One lender call of a registration or decision job: the request, its lender and what the lender is sent. */
interface LenderCall {
  request: LoanRequestRow;
  adapter: LenderAdapter | undefined;
  view: LenderApplication;
}

/** What the lender's adapter is given for one call of a registration or decision job. */
function lenderCallOf(call: LenderCall, attempt: number) {
  return {
    requestId: call.request.id,
    applicationId: call.request.loanApplicationId,
    randomnessKey: call.view.randomnessKey,
    attempt,
    application: call.view,
  };
}

/** The requests a lender job is for: its batch, or the one request of a job enqueued before batching. */
function requestIdsOf(payload: Record<string, unknown>): string[] {
  if (Array.isArray(payload.requestIds)) return payload.requestIds.map(String);
  return payload.requestId ? [String(payload.requestId)] : [];
}

/** The calls of a job whose payload carries what the lenders are sent: its `requests` still waiting. */
function carriedCalls(
  payload: Record<string, unknown>,
  requests: readonly LoanRequestRow[],
  panel: LenderPanel,
): LenderCall[] {
  const carried = payload.application as LenderApplication;
  const duplicates = new Set((payload.duplicateAtLenders as string[] | undefined) ?? []);
  return requests.map((request) => ({
    request,
    adapter: panel.adapter(request.lenderId),
    view: {
      ...carried,
      isDuplicateAtLender: carried.isDuplicateAtLender || duplicates.has(request.lenderId),
    },
  }));
}

/**
 * The job's requests that still wait at its step, with their lenders and what each is sent: carried in the
 * payload from the fan-out (the application is locked meanwhile), read from the database for a job
 * enqueued without it.
 */
async function lenderCallsOf(
  db: Executor,
  input: {
    payload: Record<string, unknown>;
    panel: LenderPanel;
    stillPending: (status: number) => boolean;
    now: Date;
  },
): Promise<LenderCall[]> {
  const { payload, panel, now } = input;
  const ids = requestIdsOf(payload);
  const applicationId = idOf(payload, 'applicationId');
  const requests = applicationId
    ? (await listLoanRequests(db, applicationId)).filter((request) => ids.includes(request.id))
    : (await Promise.all(ids.map((id) => findLoanRequest(db, id)))).filter(
        (request) => request !== undefined,
      );
  const waiting = requests.filter((request) => input.stillPending(request.status));
  if (waiting.length === 0) return [];
  if (payload.application) return carriedCalls(payload, waiting, panel);
  const read = await findApplicationById(db, waiting[0]!.loanApplicationId);
  if (!read) return [];
  const calls: LenderCall[] = [];
  for (const request of waiting) {
    const view = await loadLenderApplication(db, read, { lenderId: request.lenderId, now });
    calls.push({ request, adapter: panel.adapter(request.lenderId), view });
  }
  return calls;
}

/** lenderCallsOf for a batch of jobs: the requests of every job that carries its view read in one statement. */
async function lenderCallsOfJobs(
  db: Executor,
  input: {
    jobs: readonly JobRow[];
    panel: LenderPanel;
    stillPending: (status: number) => boolean;
    now: Date;
  },
): Promise<Map<number, LenderCall[]>> {
  const carrying = input.jobs.filter((job) => job.payload.application);
  const requests = new Map(
    (
      await listLoanRequestsByIds(
        db,
        carrying.flatMap((job) => requestIdsOf(job.payload)),
      )
    ).map((request) => [request.id, request]),
  );
  const calls = new Map<number, LenderCall[]>();
  for (const job of input.jobs) {
    if (!job.payload.application) {
      calls.set(job.id, await lenderCallsOf(db, { ...input, payload: job.payload }));
      continue;
    }
    const waiting = requestIdsOf(job.payload)
      .map((id) => requests.get(id))
      .filter((request) => request !== undefined && input.stillPending(request.status)) as LoanRequestRow[];
    calls.set(job.id, carriedCalls(job.payload, waiting, input.panel));
  }
  return calls;
}

/**
 * Longest wait for one lender's answer, well under the worker's lease (60 s): a lender slower than that
 * counts as not answering, and is retried on its own, so the others of its batch are not asked again when
 * the job's lease runs out.
 */
export const lenderCallTimeoutMs = 20_000;

/** Every call of a batch failed: each request's own error, for the last failure to record. */
export class LenderCallsFailedError extends Error {
  constructor(readonly byRequest: ReadonlyMap<string, string>) {
    super([...byRequest.values()].join('; '));
    this.name = 'LenderCallsFailedError';
  }
}

/** The error recorded on `requestId` when its job failed for good. */
function errorOf(error: unknown, requestId: string): string {
  return error instanceof LenderCallsFailedError
    ? (error.byRequest.get(requestId) ?? error.message)
    : errorMessageOf(error);
}

/** A lender answered something the request cannot take (a code the status machine does not allow, a malformed offer). */
class LenderAnswerError extends Error {
  constructor(lenderId: string, problem: string) {
    super(`Lender ${lenderId} answered ${problem}`);
    this.name = 'LenderAnswerError';
  }
}

/**
 * Asks every lender of the batch side by side (each within lenderCallTimeoutMs; an answer the request
 * cannot take counts as a failed call, so one lender cannot stop the others'). When some fail and others answer, the answers are kept and
 * each failed call is split off into a job of its own that carries the attempts made (ADR 0044): it is
 * retried after the worker's backoff, or, at the last attempt, ends as the caller's `onLastAttempt` says.
 * When every call fails, the error is thrown and the whole job is retried as any job is.
 */
async function askLenders<Answer>(
  context: Pick<JobContext, 'job' | 'now' | 'log' | 'retryDelayMs'>,
  calls: LenderCall[],
  ask: (call: LenderCall) => Promise<Answer>,
): Promise<{
  answered: Array<{ call: LenderCall; answer: Answer }>;
  splitOff: (
    tx: Executor,
    onLastAttempt: (tx: Executor, call: LenderCall, error: string) => Promise<void>,
  ) => Promise<void>;
}> {
  const { job, now, log } = context;
  const settled = await Promise.allSettled(
    calls.map((call) =>
      withinTimeout(
        ask(call),
        lenderCallTimeoutMs,
        () => new LenderUnavailableError(call.request.lenderId, `within ${lenderCallTimeoutMs / 1000} s`),
      ),
    ),
  );
  const answered: Array<{ call: LenderCall; answer: Answer }> = [];
  const failed: Array<{ call: LenderCall; error: string }> = [];
  settled.forEach((outcome, index) => {
    const call = calls[index]!;
    if (outcome.status === 'fulfilled') answered.push({ call, answer: outcome.value });
    else {
      const error = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      failed.push({ call, error });
    }
  });
  if (answered.length === 0) {
    // One call: its own error, retried as any job's. Several: each request keeps its own message.
    if (settled.length === 1 && settled[0]?.status === 'rejected') throw settled[0].reason;
    throw new LenderCallsFailedError(new Map(failed.map(({ call, error }) => [call.request.id, error])));
  }
  for (const { call, error } of failed) {
    log.warn(
      { jobId: job.id, kind: job.kind, requestId: call.request.id, attempt: job.attempts, err: error },
      'lender call failed; split off to a job of its own',
    );
  }
  return {
    answered,
    async splitOff(tx, onLastAttempt) {
      for (const { call, error } of failed) {
        if (job.attempts >= job.maxAttempts) {
          await onLastAttempt(tx, call, error);
          continue;
        }
        const poll = job.payload.poll === undefined ? undefined : Number(job.payload.poll);
        await enqueueJob(tx, {
          kind: job.kind,
          payload: {
            applicationId: call.request.loanApplicationId,
            requestIds: [call.request.id],
            application: call.view,
            ...(poll !== undefined ? { poll } : {}),
          },
          dedupeKey: `${job.kind}:${call.request.id}${poll !== undefined ? `:${poll}` : ''}`,
          runAt: new Date(now().getTime() + context.retryDelayMs(job.attempts)),
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
        });
      }
    },
  };
}

function requireAdapter(panel: LenderPanel, lenderId: string): LenderAdapter {
  const adapter = panel.adapter(lenderId);
  if (!adapter) throw new Error(`Lender ${lenderId} is not on the panel`);
  return adapter;
}

/** A decision the request can take: a decline code the status machine allows, offers of the right shape. */
function checkDecision(call: LenderCall, result: Awaited<ReturnType<LenderAdapter['fetchDecision']>>) {
  if (result.status === 'pending') return;
  const { decision } = result;
  const from = call.request.status as FinerStatusCode;
  const lenderId = call.request.lenderId;
  if (decision.kind === 'declined') {
    if (!isLoanRequestTransitionAllowed(from, decision.code)) {
      throw new LenderAnswerError(lenderId, `code ${decision.code} to a decision`);
    }
    return;
  }
  for (const offer of decision.offers) {
    if (!lenderOfferSchema.safeParse(offer).success)
      throw new LenderAnswerError(lenderId, 'a malformed offer');
  }
}

/** What a lender switched off on our side answers: 265 "bank disabled" (no call is made). */
const notOnThePanel: RegistrationResult = {
  status: 'not-registered',
  code: 265,
  reasonCode: 'BANK_DISABLED',
  reason: 'Not on the panel',
};

/**
 * Jobs of one kind recorded together at most (ADR 0047): one transaction of a fixed number of statements,
 * so the larger the batch the fewer statements per application. 200 (ADR 0048; 50 before): a bound, never
 * a wait — a worker takes the jobs that are due, so batches are this large only under load.
 */
export const defaultLendingBatchSize = 200;

/**
 * The intake's batches stay at 50 at most: an intake the batch cannot record (a secured loan, a change
 * since the read, a batch that failed) runs alone inside the batch's lease — one by one, with the
 * register's and the bureau's answers the batch had where it had them — so the batch's size bounds that
 * work (ADR 0048, "Consequences").
 */
export const intakeBatchSizeLimit = 50;

type Asked<Result> = Awaited<ReturnType<typeof askLenders<Result>>>;

/**
 * How one kind of lender job (registration, decision) asks its lenders and records their answers: alone,
 * one job in its own transaction, or for the jobs of many applications in one (ADR 0047).
 */
interface LenderJobKind<Result, Answer> {
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

/** One job's answers recorded alone, and its failed calls split off. */
async function recordAsked<Result, Answer>(
  tx: Executor,
  kind: LenderJobKind<Result, Answer>,
  job: JobRow,
  asked: Asked<Result>,
  now: Date,
) {
  await kind.record(tx, { answers: kind.answersOf(job, asked), now });
  await asked.splitOff(tx, (inner, call, error) =>
    kind.recordFailure(inner, { requestId: call.request.id, now, error }),
  );
}

/** The job handler of a lender job kind: `run` for one job, `runBatch` for many. */
function lenderJobHandler<Result, Answer>(
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
      await finish((tx) => recordAsked(tx, kind, job, asked, now()));
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
            if (item.asked) await recordAsked(tx, kind, item.job, item.asked, now());
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

/** Registration: each lender asked to register the application (one switched off on our side answers 265). */
function registrationJobs(): LenderJobKind<RegistrationResult, RegistrationAnswer> {
  return {
    kind: jobKinds.lenderRegister,
    stillPending: pendingRegistration,
    ask: (job) => async (call) => {
      if (!call.adapter) return notOnThePanel;
      const result = await call.adapter.registerApplication(lenderCallOf(call, job.attempts));
      const to = result.status === 'registered' ? 251 : result.code;
      if (!isLoanRequestTransitionAllowed(call.request.status as FinerStatusCode, to)) {
        throw new LenderAnswerError(call.request.lenderId, `code ${to} to a registration`);
      }
      return result;
    },
    answersOf: (_job, asked) =>
      asked.answered.map(({ call, answer }) => ({
        requestId: call.request.id,
        result: answer,
        adapter: call.adapter,
        application: call.view,
      })),
    record: recordRegistrations,
    recordBatch: recordRegistrationBatch,
    recordFailure: recordRegistrationFailure,
  };
}

/** Decisions: each registered lender asked for its decision (poll `payload.poll`). */
function decisionJobs(
  panel: LenderPanel,
): LenderJobKind<
  { adapter: LenderAdapter; result: Awaited<ReturnType<LenderAdapter['fetchDecision']>> },
  DecisionAnswer
> {
  return {
    kind: jobKinds.lenderDecision,
    stillPending: pendingDecision,
    ask: (job) => async (call) => {
      const adapter = requireAdapter(panel, call.request.lenderId);
      const result = await adapter.fetchDecision(lenderCallOf(call, job.attempts));
      checkDecision(call, result);
      return { adapter, result };
    },
    answersOf: (job, asked) =>
      asked.answered.map(({ call, answer: { adapter, result } }) => ({
        requestId: call.request.id,
        poll: Number(job.payload.poll ?? 1),
        decision: result.status === 'pending' ? 'pending' : result.decision,
        documentsAsked: result.status === 'decided' ? (result.documentsAsked ?? []) : [],
        adapter,
        application: call.view,
      })),
    record: recordDecisions,
    recordBatch: recordDecisionBatch,
    recordFailure: recordDecisionFailure,
  };
}

export function lendingJobHandlers(deps: LendingJobDependencies): JobHandlers {
  const { panel, externalData, batchSize = defaultLendingBatchSize } = deps;
  return {
    [jobKinds.processApplication]: {
      async run({ job, db, now, finish }) {
        await runIntake({ db, applicationId: idOf(job.payload, 'applicationId'), panel, externalData, now });
        await finish();
      },
      batchSize: Math.min(batchSize, intakeBatchSizeLimit),
      async runBatch(batch) {
        const { jobs, db, now, log } = batch;
        const applicationOf = (job: JobRow) => idOf(job.payload, 'applicationId');
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
    },

    [jobKinds.lenderRegister]: lenderJobHandler(panel, registrationJobs(), batchSize),

    [jobKinds.lenderDecision]: lenderJobHandler(panel, decisionJobs(panel), batchSize),

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
          error: errorMessageOf(error),
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
