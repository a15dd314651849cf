import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import type { TransitionActor } from '@nordloan/domain/status-machine';
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import {
  type ApplicationStatusCode,
  applicationStatus,
  type FinerStatusCode,
  statusGroups,
} from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow, LoanRequestRow } from '#src/db/schema/lending.ts';
import { enqueueJobs, type NewJob } from '#src/jobs/job.repository.ts';
import { findQuote, listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import {
  applicationIdOfRequest,
  listLoanRequests,
  listLoanRequestsOfApplications,
  updateLoanRequest,
  updateLoanRequests,
} from '#src/modules/lending/loan-request.repository.ts';
import {
  findApplicationByIdForUpdate,
  findApplicationForChangeWithParts,
  findApplicationsForChangeWithParts,
} from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  findSnapshotParts,
  type SnapshotParts,
} from '#src/modules/loan-applications/application-revision.repository.ts';
import {
  planTransitionChain,
  writeTransitionChains,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';

// What every stage of the fan-out shares (issue 4): a loan request's finer code moves only along the
// status machine; every `record…` function holds the application row FOR UPDATE (then the request or the
// quote) so that lenders answering at the same moment are applied one after the other; and the
// application settles as far as the lenders' answers allow.

export const system = (id: string) => ({ kind: 'system' as const, id });
export const lenderActor = (lenderId: string) => ({ kind: 'lender' as const, id: lenderId });

export const pendingRegistration = (code: number) => code >= 211 && code <= 249;
export const pendingDecision = (code: number) => code === 251 || (code >= 311 && code <= 349);
export const approvedByLender = (code: number) =>
  code === 351 || code === 411 || code === 448 || code === 449;

/** A request's finer code may only move along the stages of the status machine. */
export async function moveRequest(
  tx: Executor,
  request: LoanRequestRow,
  to: FinerStatusCode,
  now: Date,
  changes: Partial<
    Pick<LoanRequestRow, 'reasonCode' | 'reason' | 'externalReference' | 'registeredAt' | 'decidedAt'>
  > = {},
): Promise<LoanRequestRow> {
  if (request.status === to) return request;
  if (!isLoanRequestTransitionAllowed(request.status as FinerStatusCode, to)) {
    throw new Error(`Loan request ${request.id} cannot move from ${request.status} to ${to}`);
  }
  return updateLoanRequest(tx, request.id, { status: to, ...changes, updatedAt: now });
}

/** A request's move along the status machine, with the fields that change with it. */
export interface RequestMove {
  request: LoanRequestRow;
  to: FinerStatusCode;
  changes?: Partial<
    Pick<LoanRequestRow, 'reasonCode' | 'reason' | 'externalReference' | 'registeredAt' | 'decidedAt'>
  >;
}

/**
 * Several requests of one application moved at once (the lenders of one job, ADR 0044): each along the
 * status machine, as `moveRequest`, in one statement. Answers the requests as they now are, in `moves`' order.
 */
export async function moveRequests(
  tx: Executor,
  moves: readonly RequestMove[],
  now: Date,
): Promise<LoanRequestRow[]> {
  const effective = moves.filter((move) => move.request.status !== move.to);
  for (const { request, to } of effective) {
    if (!isLoanRequestTransitionAllowed(request.status as FinerStatusCode, to)) {
      throw new Error(`Loan request ${request.id} cannot move from ${request.status} to ${to}`);
    }
  }
  if (effective.length === 0) return moves.map((move) => move.request);
  const updated = new Map(
    (
      await updateLoanRequests(
        tx,
        effective.map((move) => ({ id: move.request.id, status: move.to, ...move.changes })),
        now,
      )
    ).map((row) => [row.id, row]),
  );
  return moves.map((move) => updated.get(move.request.id) ?? move.request);
}

/** `requests` with each of `changed` in place of the row of the same id. */
export function withRequests(
  requests: readonly LoanRequestRow[],
  changed: readonly LoanRequestRow[],
): LoanRequestRow[] {
  const byId = new Map(changed.map((row) => [row.id, row]));
  return requests.map((request) => byId.get(request.id) ?? request);
}

/**
 * A lender call failed for good: the request, if still waiting at the step that failed (`stillPending`),
 * ends in `endStatus` with reason BANK_ERROR, and the application settles on what the others answered.
 */
export async function recordBankError(
  tx: Executor,
  input: {
    requestId: string;
    now: Date;
    error: string;
    endStatus: 263 | 369;
    stillPending: (status: number) => boolean;
  },
) {
  const locked = await lockRequestAndApplication(tx, input.requestId);
  if (!locked || !input.stillPending(locked.request.status)) return;
  const moved = await moveRequest(tx, locked.request, input.endStatus, input.now, {
    reasonCode: 'BANK_ERROR',
    reason: input.error,
    decidedAt: input.now,
  });
  await settleApplication(tx, {
    applicationId: locked.application.id,
    now: input.now,
    application: locked.application,
    requests: withRequests(locked.requests, [moved]),
    parts: locked.parts,
  });
}

/** A lender call to make for one request of the application, at `runAt`, with what the lender is sent. */
export interface LenderCallDue {
  requestId: string;
  lenderId: string;
  runAt: Date;
  /** What the lender is sent (the same for every lender of the application but for isDuplicateAtLender). */
  view?: LenderApplication | undefined;
}

/**
 * Payload of the registration and decision jobs: requests of one application whose lenders are due at the
 * same moment, and what each lender is sent (the view read once at the fan-out, the application being
 * locked from 210 until the lenders have answered; `duplicateAtLenders` are the lenders that hold another
 * application of the applicant). Jobs enqueued before batching carry `requestId` alone.
 */
export interface LenderJobPayload {
  applicationId: string;
  requestIds: string[];
  application?: LenderApplication;
  duplicateAtLenders?: string[];
  poll?: number;
}

/**
 * The jobs for the lender calls of one application, as few as their due times allow: the calls due at the
 * same moment go in one job (ADR 0044), which asks those lenders side by side and records their answers in
 * one transaction. A job of one request keeps the key `kind:requestId` (`:poll` for decisions), the key of
 * every request's own job, so a call is enqueued once however the work was split.
 */
export function lenderCallJobs(input: {
  kind: string;
  applicationId: string;
  calls: readonly LenderCallDue[];
  poll?: number;
}): NewJob[] {
  const byDueTime = new Map<number, LenderCallDue[]>();
  for (const call of input.calls) {
    const group = byDueTime.get(call.runAt.getTime()) ?? [];
    group.push(call);
    byDueTime.set(call.runAt.getTime(), group);
  }
  return [...byDueTime].map(([runAt, group]) => {
    const requestIds = group.map((call) => call.requestId);
    const views = group.flatMap((call) => (call.view ? [call.view] : []));
    const payload: LenderJobPayload = {
      applicationId: input.applicationId,
      requestIds,
      ...(views[0] ? { application: { ...views[0], isDuplicateAtLender: false } } : {}),
      duplicateAtLenders: group.filter((call) => call.view?.isDuplicateAtLender).map((call) => call.lenderId),
      ...(input.poll !== undefined ? { poll: input.poll } : {}),
    };
    return {
      kind: input.kind,
      payload: { ...payload },
      dedupeKey: `${input.kind}:${requestIds.join(',')}${input.poll !== undefined ? `:${input.poll}` : ''}`,
      runAt: new Date(runAt),
    };
  });
}

/** Enqueues the lender calls of one application (lenderCallJobs) in one statement. */
export async function enqueueLenderCalls(
  tx: Executor,
  input: { kind: string; applicationId: string; calls: LenderCallDue[]; poll?: number },
): Promise<void> {
  await enqueueJobs(tx, lenderCallJobs(input));
}

/** A request with its application and all the application's requests, each row held FOR UPDATE. */
export interface LockedRequest {
  request: LoanRequestRow;
  application: LoanApplicationRow;
  /** Every request of the application (by lender id), as settleApplication wants them. */
  requests: LoanRequestRow[];
  /** The application's applicants, lock state and sub-records, read with its lock (a status change's snapshot). */
  parts: SnapshotParts;
}

export async function lockRequestAndApplication(
  tx: Executor,
  requestId: string,
): Promise<LockedRequest | undefined> {
  // Always the application row first, then the requests (the order every writer keeps, so two cannot
  // deadlock): every lender job of one application queues on the same row, so the last one to finish
  // sees all the others' answers. Two statements: the application by the request's reference, then the
  // application's requests (which settleApplication needs too).
  const locked = await findApplicationForChangeWithParts(tx, applicationIdOfRequest(requestId));
  if (!locked) return undefined;
  const { row: application, parts } = locked;
  const requests = await listLoanRequests(tx, application.id, { forUpdate: true });
  const request = requests.find((candidate) => candidate.id === requestId);
  return request ? { request, application, requests, parts } : undefined;
}

/** A step of the settlement: the status to move to, who moves it and why. */
export interface SettlementStep {
  to: ApplicationStatusCode;
  actor: TransitionActor;
  reason: string;
}

/** Where the lenders' answers still move the application: sent to them, registered, first offer shown. */
const settlingStatuses: readonly number[] = [
  applicationStatus.pendingRegistration,
  ...statusGroups.Registered,
  applicationStatus.offerApproved,
];
/** Where an offer that may be shown moves it (to 400, or on to 410 once every lender has decided). */
const onOffersStatuses: readonly number[] = [...statusGroups.Registered, applicationStatus.offerApproved];

/** Whether planSettlement needs the count of offers that may be shown (it matters from 300 on). */
export function settlementNeedsShownQuotes(status: number, requests: readonly LoanRequestRow[]): boolean {
  if (!settlingStatuses.includes(status)) return false;
  if (status !== applicationStatus.pendingRegistration) return true;
  const registering = requests.some((request) => pendingRegistration(request.status));
  return !registering && requests.some((request) => !(request.status >= 261 && request.status <= 269));
}

/**
 * How far the application moves on the lenders' answers (ADR 0008), without the database: 210 → 300 → 310
 * once every lender has answered the registration (or → 270 when none registered), → 400 at the first
 * offer that may be shown, → 410 once every lender has decided (or → 370 when none gave one). Approved
 * requests move to 411 with the application (`approvedTo411`).
 */
export function planSettlement(input: {
  status: number;
  requests: readonly LoanRequestRow[];
  /** The application's offers that may be shown (read only when settlementNeedsShownQuotes). */
  shownQuotes: number;
  /** The lender whose answer is being recorded: the move to 400 is theirs. */
  lenderId?: string | undefined;
}): { steps: SettlementStep[]; approvedTo411: boolean } {
  const { requests, shownQuotes } = input;
  const steps: SettlementStep[] = [];
  let status = input.status;
  if (!settlingStatuses.includes(status)) return { steps, approvedTo411: false };
  const step = (
    from: readonly number[],
    to: ApplicationStatusCode,
    actor: TransitionActor,
    reason: string,
  ) => {
    if (!from.includes(status)) return false;
    steps.push({ to, actor, reason });
    status = to;
    return true;
  };
  const registering = requests.some((request) => pendingRegistration(request.status));
  const deciding = requests.some(
    (request) => pendingRegistration(request.status) || pendingDecision(request.status),
  );
  if (!registering) {
    const registered = requests.filter((request) => !(request.status >= 261 && request.status <= 269)).length;
    const reason = `${registered} of ${requests.length} lenders registered the application`;
    if (registered === 0) {
      step(
        [applicationStatus.pendingRegistration],
        applicationStatus.notRegistered,
        system('registration'),
        reason,
      );
      return { steps, approvedTo411: false };
    }
    step(
      [applicationStatus.pendingRegistration],
      applicationStatus.registered,
      system('registration'),
      reason,
    );
    step(
      [applicationStatus.registered],
      applicationStatus.pendingBankApproval,
      system('registration'),
      'Waiting for the lenders to decide',
    );
  }
  if (onOffersStatuses.includes(status) && shownQuotes > 0) {
    const actor = input.lenderId ? lenderActor(input.lenderId) : system('decisions');
    step(
      statusGroups.Registered,
      applicationStatus.offerApproved,
      actor,
      'A lender approved an offer that may be shown',
    );
  }
  if (deciding || !onOffersStatuses.includes(status)) return { steps, approvedTo411: false };
  if (shownQuotes > 0) {
    const decided = step(
      [applicationStatus.offerApproved],
      applicationStatus.pendingCustomerAccept,
      system('decisions'),
      'Every lender has answered',
    );
    return { steps, approvedTo411: decided };
  }
  step(
    statusGroups.Registered,
    applicationStatus.notApproved,
    system('decisions'),
    'No lender gave an offer that may be shown',
  );
  return { steps, approvedTo411: false };
}

/** The approved requests' move to 411 with the application's move to 410. */
export function approvedRequestMoves(requests: readonly LoanRequestRow[]): RequestMove[] {
  return requests.filter((request) => request.status === 351).map((request) => ({ request, to: 411 }));
}

/**
 * lockRequestAndApplication for a batch of jobs (ADR 0047): the applications held in id order with their
 * snapshot parts, then their requests FOR UPDATE, each with the answers of all its jobs (two jobs of one
 * application — a split-off retry — are planned together). An application no longer there is left out.
 */
export async function lockApplicationsWithRequests<Answer>(
  tx: Executor,
  applications: ReadonlyArray<{ applicationId: string; answers: readonly Answer[] }>,
): Promise<
  Array<{
    application: LoanApplicationRow;
    parts: SnapshotParts;
    requests: LoanRequestRow[];
    answers: Answer[];
  }>
> {
  const answersOf = new Map<string, Answer[]>();
  for (const { applicationId, answers } of applications) {
    answersOf.set(applicationId, [...(answersOf.get(applicationId) ?? []), ...answers]);
  }
  const locked = await findApplicationsForChangeWithParts(tx, [...answersOf.keys()]);
  const requestsOf = await listLoanRequestsOfApplications(tx, [...locked.keys()], { forUpdate: true });
  return [...locked].map(([applicationId, { row, parts }]) => ({
    application: row,
    parts,
    requests: requestsOf.get(applicationId) ?? [],
    answers: answersOf.get(applicationId) ?? [],
  }));
}

/**
 * Moves the application as far as the lenders' answers allow (planSettlement), all its steps in one
 * statement (writeTransitionChains).
 */
export async function settleApplication(
  tx: Executor,
  input: {
    applicationId: string;
    now: Date;
    lenderId?: string;
    /** The row, when the caller already holds it FOR UPDATE in `tx`. */
    application?: LoanApplicationRow;
    /** The application's requests as they now are, when the caller holds them FOR UPDATE in `tx`. */
    requests?: LoanRequestRow[];
    /** The snapshot's parts, when the caller read them with its lock of the application. */
    parts?: SnapshotParts;
  },
): Promise<void> {
  const { applicationId, now } = input;
  const application = input.application ?? (await findApplicationByIdForUpdate(tx, applicationId));
  if (!application || !settlingStatuses.includes(application.status)) return;
  const requests = input.requests ?? (await listLoanRequests(tx, applicationId));
  const shownQuotes = settlementNeedsShownQuotes(application.status, requests)
    ? (await listQuotes(tx, applicationId, ['approved'])).length
    : 0;
  const { steps, approvedTo411 } = planSettlement({
    status: application.status,
    requests,
    shownQuotes,
    lenderId: input.lenderId,
  });
  if (steps.length === 0) return;
  const parts = input.parts ?? (await findSnapshotParts(tx, applicationId));
  await writeTransitionChains(
    tx,
    [planTransitionChain({ row: application, parts, steps: steps.map((step) => ({ ...step, now })) })],
    now,
  );
  if (approvedTo411) await moveRequests(tx, approvedRequestMoves(requests), now);
}

export async function lockQuoteAndApplication(
  tx: Executor,
  quoteId: string,
): Promise<{ quote: LoanQuoteRow; application: LoanApplicationRow } | undefined> {
  const first = await findQuote(tx, quoteId);
  if (!first) return undefined;
  const application = await findApplicationByIdForUpdate(tx, first.loanApplicationId);
  const quote = await findQuote(tx, quoteId);
  if (!application || !quote) return undefined;
  return { quote, application };
}
