import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import { applicationStatus, type FinerStatusCode } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanRequestRow } from '#src/db/schema/lending.ts';
import { enqueueJobs, type NewJob } from '#src/jobs/job.repository.ts';
import {
  approvedRequestMoves,
  enqueueLenderCalls,
  type LenderCallDue,
  lenderCallJobs,
  lockApplicationsWithRequests,
  lockRequestAndApplication,
  moveRequests,
  pendingRegistration,
  planSettlement,
  type RequestMove,
  recordBankError,
  settleApplication,
  settlementNeedsShownQuotes,
  system,
  withRequests,
} from '#src/modules/lending/fan-out/request-progress.service.ts';
import type {
  LenderAdapter,
  LenderPanel,
  RegistrationResult,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  lendersHoldingOtherApplications,
  loadLenderApplication,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { countQuotesOfApplications } from '#src/modules/lending/loan-quote.repository.ts';
import { insertLoanRequests, listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import type { SnapshotParts } from '#src/modules/loan-applications/application-revision.repository.ts';
import {
  type PlannedTransitionChain,
  planTransitionChain,
  transitionIfIn,
  writeTransitionChains,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { jobKinds } from '../lending-job-kinds.ts';

// The panel the fan-out goes to: other modules (loan-applications/lifecycle) name its type through here.
export type { LenderPanel };

// Registration, the first stage of the fan-out to the lender panel (issue 4): one request per lender that
// offers the product in the country, one registration job per group of lenders due at the same moment
// (ADR 0044); every `record…` function runs in the job's finishing transaction and does nothing when the
// state it expects is gone — a retried or late job changes nothing twice. Decisions follow in ../decisions, acceptance and payout in ../acceptance-and-payout.

/** 200 → 210 and the fan-out (the intake's last step). */
export async function startRegistration(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const moved = await transitionIfIn(tx, {
    applicationId: input.application.id,
    onlyFrom: [applicationStatus.completed, applicationStatus.automaticReview],
    to: applicationStatus.pendingRegistration,
    actor: system('process-application'),
    reason: 'Sent to the lender panel',
    now: input.now,
  });
  if (moved) await fanOutToLenders(tx, { application: moved, panel: input.panel, now: input.now });
}

/**
 * For an application that just reached 210: one request per lender that offers the product in the
 * country, and the registration calls, due after each lender's response time (one job per due time). With no such lender the
 * application ends 270 at once.
 */
export async function fanOutToLenders(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const { application, panel, now } = input;
  // The lender table may have changed (a lender paused or added, on any instance): ADR 0067.
  await panel.refresh?.(tx);
  const adapters = panel.forApplication(application.country as never, application.product as never);
  await insertLoanRequests(tx, {
    applicationId: application.id,
    lenderIds: adapters.map((a) => a.profile.id),
    now,
  });
  // What every lender receives is read once, here: the application is locked from 210 until the
  // lenders have answered, so the registration and the decision jobs carry it in their payload.
  const view = await loadLenderApplication(tx, application, { now });
  const duplicates = new Set(await lendersHoldingOtherApplications(tx, application));
  const calls: LenderCallDue[] = [];
  const requests = await listLoanRequests(tx, application.id);
  for (const request of requests) {
    const adapter = panel.adapter(request.lenderId);
    if (!adapter) continue;
    calls.push({
      requestId: request.id,
      lenderId: request.lenderId,
      runAt: new Date(now.getTime() + adapter.responseDelayMs('registration')),
      view: { ...view, isDuplicateAtLender: duplicates.has(request.lenderId) },
    });
  }
  await enqueueLenderCalls(tx, { kind: jobKinds.lenderRegister, applicationId: application.id, calls });
  // The row is held since the move to 210 (the caller's transaction): with no lender it ends 270 here.
  await settleApplication(tx, { applicationId: application.id, now, application, requests });
}

/** A lender's answer to the registration, with what it was sent (the decision job carries it on). */
export interface RegistrationAnswer {
  requestId: string;
  result: RegistrationResult;
  adapter: LenderAdapter | undefined;
  application?: LenderApplication | undefined;
}

/**
 * What the answers do to the application's requests, without the database: each request still waiting
 * moves to 251 (a decision call follows) or to the lender's refusal code.
 */
export function planRegistrationAnswers(
  requests: readonly LoanRequestRow[],
  answers: readonly RegistrationAnswer[],
  now: Date,
): { moves: RequestMove[]; decisionCalls: LenderCallDue[] } {
  const moves: RequestMove[] = [];
  const decisionCalls: LenderCallDue[] = [];
  for (const answer of answers) {
    const request = requests.find((candidate) => candidate.id === answer.requestId);
    if (!request || !pendingRegistration(request.status)) continue;
    if (answer.result.status === 'registered') {
      moves.push({
        request,
        to: 251,
        changes: { externalReference: answer.result.externalReference, registeredAt: now },
      });
      if (answer.adapter) {
        decisionCalls.push({
          requestId: request.id,
          lenderId: request.lenderId,
          runAt: new Date(now.getTime() + answer.adapter.responseDelayMs('decision')),
          view: answer.application,
        });
      }
    } else {
      moves.push({
        request,
        to: answer.result.code,
        changes: { reasonCode: answer.result.reasonCode, reason: answer.result.reason, decidedAt: now },
      });
    }
  }
  return { moves, decisionCalls };
}

/**
 * Records the registration answers of one application's lenders (one job's batch) in one transaction: the
 * application and its requests are locked once, each request still waiting moves to 251 or to the lender's
 * refusal code, the decision calls are enqueued, and the application settles once on all the answers.
 */
export async function recordRegistrations(
  tx: Executor,
  input: { answers: RegistrationAnswer[]; now: Date },
): Promise<void> {
  const { now, answers } = input;
  if (answers.length === 0) return;
  const locked = await lockRequestAndApplication(tx, answers[0]!.requestId);
  if (!locked) return;
  const { moves, decisionCalls } = planRegistrationAnswers(locked.requests, answers, now);
  if (moves.length === 0) return;
  const requests = withRequests(locked.requests, await moveRequests(tx, moves, now));
  await enqueueLenderCalls(tx, {
    kind: jobKinds.lenderDecision,
    applicationId: locked.application.id,
    calls: decisionCalls,
    poll: 1,
  });
  await settleApplication(tx, {
    applicationId: locked.application.id,
    now,
    application: locked.application,
    requests,
    parts: locked.parts,
  });
}

/**
 * recordRegistrations for the jobs of many applications at once (ADR 0047), in the caller's transaction
 * and a fixed number of statements: the applications locked in id order, their requests, the approved
 * quotes counted, every request move, decision call and status chain written together. An application
 * whose plan is refused (a move the status machine does not allow) is left out, nothing of it written:
 * answered in `refused`, for its jobs to be recorded alone.
 */
export async function recordRegistrationBatch(
  tx: Executor,
  input: { applications: ReadonlyArray<{ applicationId: string; answers: RegistrationAnswer[] }>; now: Date },
): Promise<{ refused: Set<string> }> {
  const { now } = input;
  const refused = new Set<string>();
  const locked = await lockApplicationsWithRequests(tx, input.applications);
  const planned: Array<{
    application: LoanApplicationRow;
    parts: SnapshotParts;
    moves: RequestMove[];
    decisionCalls: LenderCallDue[];
    requests: LoanRequestRow[];
  }> = [];
  for (const { application: row, parts, requests, answers } of locked) {
    const applicationId = row.id;
    const { moves, decisionCalls } = planRegistrationAnswers(requests, answers, now);
    if (moves.length === 0) continue;
    const allowed = ({ request, to }: RequestMove) =>
      request.status === to || isLoanRequestTransitionAllowed(request.status as FinerStatusCode, to);
    if (!moves.every(allowed)) {
      refused.add(applicationId);
      continue;
    }
    const moved = moves.map(({ request, to, changes }) => ({
      ...request,
      ...changes,
      status: to,
      updatedAt: now,
    }));
    planned.push({ application: row, parts, moves, decisionCalls, requests: withRequests(requests, moved) });
  }
  const shownQuotes = await countQuotesOfApplications(
    tx,
    planned
      .filter(({ application, requests }) => settlementNeedsShownQuotes(application.status, requests))
      .map(({ application }) => application.id),
    'approved',
  );
  const requestMoves: RequestMove[] = [];
  const jobs: NewJob[] = [];
  const chains: PlannedTransitionChain[] = [];
  for (const { application, parts, moves, decisionCalls, requests } of planned) {
    const { steps, approvedTo411 } = planSettlement({
      status: application.status,
      requests,
      shownQuotes: shownQuotes.get(application.id) ?? 0,
    });
    let chain: PlannedTransitionChain | undefined;
    try {
      chain =
        steps.length > 0
          ? planTransitionChain({ row: application, parts, steps: steps.map((step) => ({ ...step, now })) })
          : undefined;
    } catch {
      refused.add(application.id);
      continue;
    }
    if (chain) chains.push(chain);
    requestMoves.push(...moves, ...(approvedTo411 ? approvedRequestMoves(requests) : []));
    jobs.push(
      ...lenderCallJobs({
        kind: jobKinds.lenderDecision,
        applicationId: application.id,
        calls: decisionCalls,
        poll: 1,
      }),
    );
  }
  await moveRequests(tx, requestMoves, now);
  await enqueueJobs(tx, jobs);
  await writeTransitionChains(tx, chains, now);
  return { refused };
}

/** After the last registration attempt failed: the request ends 263 "bank error". */
export async function recordRegistrationFailure(
  tx: Executor,
  input: { requestId: string; now: Date; error: string },
) {
  await recordBankError(tx, { ...input, endStatus: 263, stillPending: pendingRegistration });
}
