import { randomUUID } from 'node:crypto';
import type { Country } from '@nordloan/domain/enums';
import type { LenderApplication, LenderDecision } from '@nordloan/domain/lending/credit-policy';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { classifyOffer, type LenderOffer } from '@nordloan/domain/lending/offer-figures';
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import { applicationStatus, type FinerStatusCode, statusGroups } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow, LoanRequestRow, StoredDocumentRequest } from '#src/db/schema/lending.ts';
import { enqueueJobs, type NewJob } from '#src/jobs/job.repository.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '#src/jobs/outbox.repository.ts';
import {
  approvedRequestMoves,
  type LenderCallDue,
  lenderCallJobs,
  lockApplicationsWithRequests,
  lockRequestAndApplication,
  moveRequests,
  pendingDecision,
  planSettlement,
  type RequestMove,
  recordBankError,
  settleApplication,
  settlementNeedsShownQuotes,
  withRequests,
} from '#src/modules/lending/fan-out/request-progress.service.ts';
import type { LenderAdapter, LenderDocumentAsk } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import {
  countQuotesOfApplications,
  insertQuoteOnce,
  insertQuotesOnce,
  type NewLoanQuoteRow,
} from '#src/modules/lending/loan-quote.repository.ts';
import type { SnapshotParts } from '#src/modules/loan-applications/application-revision.repository.ts';
import {
  type PlannedTransitionChain,
  planTransitionChain,
  quoteEvent,
  writeTransitionChains,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import {
  type CapsOfTheDay,
  capsBasisFor,
  capsBasisReader,
} from '#src/modules/regulatory-figures/regulatory-figure.service.ts';

// The lenders' decisions turned into quotes (issue 4): caps checked, an offer breaking one is stored
// 'withheld' with its reasons and never shown. Runs in the decision job's finishing transaction.

/** Most polls we make of a lender that keeps answering `pending` before its request expires with the application. */
const maxDecisionPolls = 20;

/** A lender's answer to a decision call, with what it was sent. */
export interface DecisionAnswer {
  requestId: string;
  poll: number;
  decision: LenderDecision | 'pending';
  /** The documents the lender asked for on this application with its answer (beside its profile's). */
  documentsAsked?: LenderDocumentAsk[];
  adapter: LenderAdapter;
  application: LenderApplication;
}

/** A lender's approval: its request, its offers as quote rows, and the events its stored quotes make. */
interface Approval {
  request: LoanRequestRow;
  lenderId: string;
  rows: NewLoanQuoteRow[];
  events: NewOutboxEvent[];
}

/** What one application's decision answers do, planned under its lock, before its offers are stored. */
interface DecisionPlan {
  application: LoanApplicationRow;
  requests: LoanRequestRow[];
  moves: RequestMove[];
  /** Events in the order of the answers; an approval's are filled once its quotes are stored. */
  eventsOfAnswers: NewOutboxEvent[][];
  approvals: Approval[];
  /** The next polls of lenders that answered `pending`. */
  polls: NewJob[];
  /** The first lender whose answer can move the application (late answers and `pending` cannot). */
  settleFor: string | undefined;
}

/** Lenders' decisions still count: sent to the lenders (210), registered (Registered), or offers out (Approved). */
const awaitingDecisionsStatuses: readonly number[] = [
  applicationStatus.pendingRegistration,
  ...statusGroups.Registered,
  ...statusGroups.Approved,
];

/**
 * Plans the answers of one application's lenders, without writing: each request still waiting for a
 * decision moves on (or 382 when the application moved on: the answer comes too late), the next polls of
 * `pending` lenders, and the offers as quote rows with the caps of the day.
 */
async function planDecisionAnswers(
  locked: { application: LoanApplicationRow; requests: LoanRequestRow[] },
  answers: readonly DecisionAnswer[],
  now: Date,
  capsOf: (country: Country, instant: Date) => Promise<CapsOfTheDay>,
): Promise<DecisionPlan> {
  const { application } = locked;
  // The customer already accepted another offer (or the application ended): these answers come too late.
  const late = !awaitingDecisionsStatuses.includes(application.status);
  const plan: DecisionPlan = {
    application,
    requests: locked.requests,
    moves: [],
    eventsOfAnswers: [],
    approvals: [],
    polls: [],
    settleFor: undefined,
  };
  const pollsByNumber = new Map<number, LenderCallDue[]>();
  for (const answer of answers) {
    const request = locked.requests.find((candidate) => candidate.id === answer.requestId);
    if (!request || !pendingDecision(request.status)) continue;
    const profile = answer.adapter.profile;
    const decision = answer.decision;
    if (late) {
      plan.moves.push({
        request,
        to: 382,
        changes: { reasonCode: 'LATE', reason: 'Answered after the application moved on' },
      });
    } else if (decision === 'pending') {
      plan.moves.push({ request, to: 319, changes: { reason: 'The lender has not decided yet' } });
      if (answer.poll < maxDecisionPolls) {
        const next = pollsByNumber.get(answer.poll + 1) ?? [];
        next.push({
          requestId: request.id,
          lenderId: request.lenderId,
          runAt: new Date(now.getTime() + answer.adapter.responseDelayMs('decision')),
          view: answer.application,
        });
        pollsByNumber.set(answer.poll + 1, next);
      }
    } else if (decision.kind === 'declined') {
      plan.moves.push({
        request,
        to: decision.code,
        changes: { reasonCode: decision.reasonCode, reason: decision.reason, decidedAt: now },
      });
      plan.eventsOfAnswers.push([
        {
          eventName: 'loan-quote-not-approved',
          aggregateType: 'loan-quote',
          aggregateId: request.id,
          loanApplicationId: request.loanApplicationId,
          payload: {
            LoanRequestID: request.id,
            LoanApplicationID: request.loanApplicationId,
            LenderID: profile.id,
            Status: decision.code,
            ReasonCode: decision.reasonCode,
          },
          createdAt: now,
        },
      ]);
      plan.settleFor ??= profile.id;
    } else {
      const caps = await capsOf(answer.application.country, now);
      const events: NewOutboxEvent[] = [];
      plan.eventsOfAnswers.push(events);
      plan.approvals.push({
        request,
        lenderId: profile.id,
        events,
        rows: decision.offers.map((offer, index) =>
          offerRow(
            {
              request,
              profile,
              application: answer.application,
              offer,
              decision: decision.kind,
              originKey: `decision:${index}`,
              documentsAsked: answer.documentsAsked,
              now,
            },
            caps,
          ),
        ),
      });
      plan.settleFor ??= profile.id;
    }
  }
  for (const [poll, calls] of pollsByNumber) {
    plan.polls.push(
      ...lenderCallJobs({ kind: jobKinds.lenderDecision, applicationId: application.id, calls, poll }),
    );
  }
  return plan;
}

/** Whether every move the plan makes, and 351 or 369 for each approval, is one the status machine allows. */
function decisionPlanAllowed(plan: DecisionPlan): boolean {
  const allowed = (request: LoanRequestRow, to: number) =>
    isLoanRequestTransitionAllowed(request.status as FinerStatusCode, to as FinerStatusCode);
  // A move to the status it is in changes nothing (a second `pending`: 319 → 319), as in moveRequests.
  return (
    plan.moves.every(({ request, to }) => request.status === to || allowed(request, to)) &&
    plan.approvals.every(({ request }) => allowed(request, 351) && allowed(request, 369))
  );
}

/**
 * The approvals' stored quotes (`stored`, in the order of their rows): the events of those created now (a
 * retried job finds its quotes stored and makes no event twice), and each request's move to 351, or to 369
 * when every offer of the lender breaks a cap. Answers the first lender whose offer may be shown.
 */
function takeStoredQuotes(
  plan: DecisionPlan,
  stored: ReadonlyArray<{ quote: LoanQuoteRow; created: boolean }>,
  now: Date,
): string | undefined {
  let approvedBy: string | undefined;
  let next = 0;
  for (const approval of plan.approvals) {
    const quotes = stored.slice(next, next + approval.rows.length);
    next += approval.rows.length;
    for (const { quote, created } of quotes) {
      if (created) approval.events.push(...quoteCreatedEvents(quote, now));
    }
    if (quotes.some(({ quote }) => quote.status !== 'withheld')) {
      // A `pending` answer before left its reason ("not decided yet"): an approval has none.
      plan.moves.push({ request: approval.request, to: 351, changes: { decidedAt: now, reason: null } });
      approvedBy ??= approval.lenderId;
    } else {
      plan.moves.push({
        request: approval.request,
        to: 369,
        changes: {
          decidedAt: now,
          reasonCode: 'COUNTRY_CAPS_WITHHELD',
          reason: 'Every offer of the lender breaks a country cap and is withheld',
        },
      });
    }
  }
  return approvedBy;
}

/**
 * Records the decisions of one application's lenders (one job's batch) in one transaction: the
 * application and its requests are locked once, each request still waiting for a decision moves on, the
 * offers are stored with the caps of the day (read once), and the application settles once.
 */
export async function recordDecisions(
  tx: Executor,
  input: { answers: DecisionAnswer[]; now: Date },
): Promise<void> {
  const { now, answers } = input;
  if (answers.length === 0) return;
  const locked = await lockRequestAndApplication(tx, answers[0]!.requestId);
  if (!locked) return;
  const plan = await planDecisionAnswers(locked, answers, now, capsBasisReader(tx));
  // Every offer of the job in one insert.
  const stored = await insertQuotesOnce(
    tx,
    plan.approvals.flatMap((approval) => approval.rows),
  );
  const approvedBy = takeStoredQuotes(plan, stored, now);
  const requests = withRequests(locked.requests, await moveRequests(tx, plan.moves, now));
  await insertOutboxEvents(tx, plan.eventsOfAnswers.flat());
  await enqueueJobs(tx, plan.polls);
  // Late answers and `pending` change nothing the application's status depends on.
  if (!plan.settleFor) return;
  await settleApplication(tx, {
    applicationId: locked.application.id,
    now,
    lenderId: approvedBy ?? plan.settleFor,
    application: locked.application,
    requests,
    parts: locked.parts,
  });
}

/**
 * recordDecisions for the jobs of many applications at once (ADR 0047), in the caller's transaction and a
 * fixed number of statements: the applications locked in id order, their requests, the caps read once,
 * every offer stored in one insert, then every request move, event, poll and status chain together. An
 * application whose answers the status machine refuses is left out before anything is written (answered
 * in `refused`, for its jobs to be recorded alone); a refusal found after the offers were stored throws,
 * so the whole batch rolls back and each job is recorded alone.
 */
export async function recordDecisionBatch(
  tx: Executor,
  input: { applications: ReadonlyArray<{ applicationId: string; answers: DecisionAnswer[] }>; now: Date },
): Promise<{ refused: Set<string> }> {
  const { now } = input;
  const refused = new Set<string>();
  const locked = await lockApplicationsWithRequests(tx, input.applications);
  const capsOf = capsBasisReader(tx);
  const plans: Array<{ plan: DecisionPlan; parts: SnapshotParts }> = [];
  for (const { application, parts, requests, answers } of locked) {
    const plan = await planDecisionAnswers({ application, requests }, answers, now, capsOf);
    if (decisionPlanAllowed(plan)) plans.push({ plan, parts });
    else refused.add(application.id);
  }
  const stored = await insertQuotesOnce(
    tx,
    plans.flatMap(({ plan }) => plan.approvals.flatMap((approval) => approval.rows)),
  );
  let next = 0;
  const settling: Array<{
    plan: DecisionPlan;
    parts: SnapshotParts;
    lenderId: string;
    requests: LoanRequestRow[];
  }> = [];
  for (const { plan, parts } of plans) {
    const count = plan.approvals.reduce((sum, approval) => sum + approval.rows.length, 0);
    const approvedBy = takeStoredQuotes(plan, stored.slice(next, next + count), now);
    next += count;
    if (!plan.settleFor) continue;
    const moved = plan.moves.map(({ request, to, changes }) => ({
      ...request,
      ...changes,
      status: to,
      updatedAt: now,
    }));
    settling.push({
      plan,
      parts,
      lenderId: approvedBy ?? plan.settleFor,
      requests: withRequests(plan.requests, moved),
    });
  }
  const shownQuotes = await countQuotesOfApplications(
    tx,
    settling
      .filter(({ plan, requests }) => settlementNeedsShownQuotes(plan.application.status, requests))
      .map(({ plan }) => plan.application.id),
    'approved',
  );
  const chains: PlannedTransitionChain[] = [];
  const approvedMoves: RequestMove[] = [];
  for (const { plan, parts, lenderId, requests } of settling) {
    const { steps, approvedTo411 } = planSettlement({
      status: plan.application.status,
      requests,
      shownQuotes: shownQuotes.get(plan.application.id) ?? 0,
      lenderId,
    });
    if (steps.length === 0) continue;
    // Throws on a refused step: the offers are stored already, so the batch rolls back as a whole.
    chains.push(
      planTransitionChain({ row: plan.application, parts, steps: steps.map((step) => ({ ...step, now })) }),
    );
    if (approvedTo411) approvedMoves.push(...approvedRequestMoves(requests));
  }
  await moveRequests(
    tx,
    plans.flatMap(({ plan }) => plan.moves),
    now,
  );
  await insertOutboxEvents(
    tx,
    plans.flatMap(({ plan }) => plan.eventsOfAnswers.flat()),
  );
  await enqueueJobs(
    tx,
    plans.flatMap(({ plan }) => plan.polls),
  );
  await writeTransitionChains(tx, chains, now);
  await moveRequests(tx, approvedMoves, now);
  return { refused };
}

/** After the last attempt to get a decision failed: the request ends 369 with reason BANK_ERROR. */
export async function recordDecisionFailure(
  tx: Executor,
  input: { requestId: string; now: Date; error: string },
) {
  await recordBankError(tx, { ...input, endStatus: 369, stillPending: pendingDecision });
}

export function quoteCreatedEvents(quote: LoanQuoteRow, now: Date): NewOutboxEvent[] {
  const figures = {
    Amount: quote.amount,
    DurationMonths: quote.durationMonths,
    EffectiveRate: quote.effectiveRate,
  };
  return [
    quoteEvent('loan-quote-registered', quote, now, figures),
    quote.status === 'withheld'
      ? quoteEvent('loan-quote-not-approved', quote, now, {
          ReasonCode: 'COUNTRY_CAPS',
          Reasons: quote.withheldReasons,
        })
      : quoteEvent('loan-quote-approved', quote, now, figures),
  ];
}

/** What `offerRow` needs: the request, its lender, what the lender was sent and one of its offers. */
export interface OfferInput {
  request: LoanRequestRow;
  profile: LenderProfile;
  application: LenderApplication;
  offer: LenderOffer;
  decision: 'approved' | 'counter-offer';
  originKey: string;
  now: Date;
  replacesQuoteId?: string;
  documentsAsked?: LenderDocumentAsk[] | undefined;
}

/** Stores one offer with its figures; an offer breaking a country cap is stored 'withheld' with the reasons. */
export async function storeOffer(
  tx: Executor,
  input: OfferInput,
): Promise<{ quote: LoanQuoteRow; created: boolean }> {
  // The caps of the offer's day in its country, stored with the quote (issue 17).
  const caps = await capsBasisFor(tx, input.application.country, input.now);
  return insertQuoteOnce(tx, offerRow(input, caps));
}

/** The quote row of one offer: its figures, and 'withheld' with the reasons when it breaks a country cap. */
export function offerRow(input: OfferInput, caps: CapsOfTheDay): NewLoanQuoteRow {
  const { request, profile, application, offer, now } = input;
  const { basis, capsConfig } = caps;
  const classified = classifyOffer({
    capsConfig,
    offer,
    country: application.country,
    product: application.product,
    refinancedDebts: application.debts
      .filter((debt) => debt.isRefinanced)
      .map((debt) => ({
        balance: debt.balance,
        interestRatePercent: debt.interestRatePercent,
        remainingTermMonths: debt.remainingTermMonths,
      })),
  });
  const finite = (value: number) => (Number.isFinite(value) ? value : null);
  const documentRequests: StoredDocumentRequest[] = [
    ...profile.documentRequests,
    ...(input.documentsAsked ?? []),
  ].map((document) => ({
    id: randomUUID(),
    ...document,
    status: 'pending',
  }));
  return {
    loanApplicationId: request.loanApplicationId,
    loanRequestId: request.id,
    lenderId: profile.id,
    originKey: input.originKey,
    currency: application.currency,
    amount: offer.amount,
    durationMonths: offer.durationMonths,
    nominalRate: offer.nominalRate,
    effectiveRate: finite(classified.figures.effectiveRate),
    monthlyPayment: finite(classified.figures.monthlyPayment),
    annuityPayment: finite(classified.figures.annuityPayment),
    totalCost: finite(classified.figures.totalCost),
    totalPayable: finite(classified.figures.totalPayable),
    startupFee: offer.startupFee,
    monthlyFee: offer.monthlyFee,
    feeHandling: offer.feeHandling,
    offerType: offer.offerType,
    loanKind: offer.loanKind,
    decision: input.decision,
    status: classified.caps.ok ? 'approved' : 'withheld',
    withheldReasons: classified.caps.ok ? null : classified.caps.violations,
    expiresAt: new Date(now.getTime() + profile.offerValidityDays * 24 * 60 * 60 * 1000),
    replacesQuoteId: input.replacesQuoteId ?? null,
    documentRequests,
    capsBasis: basis,
    createdAt: now,
    updatedAt: now,
  };
}
