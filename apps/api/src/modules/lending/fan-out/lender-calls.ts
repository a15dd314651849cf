// One lender job's calls (registration, decision): which requests it is for and what each lender is sent
// (carried in the payload from the fan-out, or read), and asking them side by side within a timeout, a
// failed call split off into a job of its own (ADR 0044). lender-job-handler.ts records what they answered.
import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import type { Executor } from '#src/db/client.ts';
import type { JobRow, LoanRequestRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { JobContext } from '#src/jobs/worker.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { withinTimeout } from '#src/lib/within-timeout.ts';
import {
  type LenderAdapter,
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { loadLenderApplication } from '#src/modules/lending/lender-panel/lender-view.ts';
import { payloadId } from '#src/modules/lending/lending-job-kinds.ts';
import {
  findLoanRequest,
  listLoanRequests,
  listLoanRequestsByIds,
} from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';

/** One lender call of a registration or decision job: the request, its lender and what the lender is sent. */
export interface LenderCall {
  request: LoanRequestRow;
  adapter: LenderAdapter | undefined;
  view: LenderApplication;
}

/** What the lender's adapter is given for one call of a registration or decision job. */
export function lenderCallOf(call: LenderCall, attempt: number) {
  return {
    requestId: call.request.id,
    applicationId: call.request.loanApplicationId,
    randomnessKey: call.view.randomnessKey,
    attempt,
    application: call.view,
  };
}

/** The requests a lender job is for: its batch, or the one request of a job enqueued before batching. */
export function requestIdsOf(payload: Record<string, unknown>): string[] {
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
export async function lenderCallsOf(
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
  const applicationId = payloadId(payload, 'applicationId');
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
export async function lenderCallsOfJobs(
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
export function errorOf(error: unknown, requestId: string): string {
  return error instanceof LenderCallsFailedError
    ? (error.byRequest.get(requestId) ?? error.message)
    : errorMessageOf(error);
}

/** A lender answered something the request cannot take (a code the status machine does not allow, a malformed offer). */
export class LenderAnswerError extends Error {
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
export async function askLenders<Answer>(
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

/** The lender of a quote or request must be on the panel to be called. */
export function requireAdapter(panel: LenderPanel, lenderId: string): LenderAdapter {
  const adapter = panel.adapter(lenderId);
  if (!adapter) throw new Error(`Lender ${lenderId} is not on the panel`);
  return adapter;
}
