import { randomUUID } from 'node:crypto';
import type { LenderApplication, LenderDecision } from '@nordloan/domain/lending/credit-policy';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { classifyOffer, type LenderOffer } from '@nordloan/domain/lending/offer-figures';
import type { TransitionActor } from '@nordloan/domain/status-machine';
import {
  isLoanRequestFinal,
  isLoanRequestTransitionAllowed,
  requestEndCodeFor,
} from '@nordloan/domain/status-machine';
import type { ApplicationStatusCode, FinerStatusCode } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow, LoanRequestRow, StoredDocumentRequest } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { jobKinds } from '#src/jobs/job-kinds.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/loan-application.repository.ts';
import { capsBasisFor } from '#src/modules/regulatory-figures/regulatory-figure.service.ts';
import type {
  AcceptResult,
  DisbursementDecisionResult,
  DisburseResult,
  LenderAdapter,
  LenderPanel,
  RegistrationResult,
} from './lender-adapter.ts';
import { lendersHoldingOtherApplications, loadLenderApplication } from './lender-view.ts';
import {
  findLoanRequest,
  findLoanRequestForUpdate,
  findQuote,
  insertLoanRequests,
  insertOutboxEvents,
  insertQuoteOnce,
  listLoanRequests,
  listQuotes,
  type NewOutboxEvent,
  updateLoanRequest,
  updateQuote,
} from './lending.repository.ts';
import { applyTransition, quoteEvent, transitionIfIn } from './status-transition.service.ts';

// The fan-out to the lender panel and what comes back (issue 4): registration with every lender that
// offers the product in the country, their decisions turned into quotes (caps checked: an offer breaking
// one is stored 'withheld' with its reasons and never shown), then acceptance and disbursement. Every
// `record…` function runs in the job's finishing transaction, holds the application row FOR UPDATE so
// that lenders answering at the same moment are applied one after the other, and does nothing when the
// state it expects is gone — a retried or late job changes nothing twice.

const system = (id: string) => ({ kind: 'system' as const, id });
const lenderActor = (lenderId: string) => ({ kind: 'lender' as const, id: lenderId });

const pendingRegistration = (code: number) => code >= 211 && code <= 249;
const pendingDecision = (code: number) => code === 251 || (code >= 311 && code <= 349);
const approvedByLender = (code: number) => code === 351 || code === 411 || code === 448 || code === 449;

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

// ── Registration ────────────────────────────────────────────────────────────────────────────────────

/** 200 → 210 and the fan-out (the intake's last step). */
export async function startRegistration(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const moved = await transitionIfIn(tx, {
    applicationId: input.application.id,
    onlyFrom: [200, 209],
    to: 210,
    actor: system('process-application'),
    reason: 'Sent to the lender panel',
    now: input.now,
  });
  if (moved) await fanOutToLenders(tx, { application: moved, panel: input.panel, now: input.now });
}

/**
 * For an application that just reached 210: one request per lender that offers the product in the
 * country, one registration job each, delayed by the lender's response time. With no such lender the
 * application ends 270 at once.
 */
export async function fanOutToLenders(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const { application, panel, now } = input;
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
  for (const request of await listLoanRequests(tx, application.id)) {
    const adapter = panel.adapter(request.lenderId);
    if (!adapter) continue;
    const payload: LenderJobPayload = {
      requestId: request.id,
      applicationId: application.id,
      application: { ...view, isDuplicateAtLender: duplicates.has(request.lenderId) },
    };
    await enqueueJob(tx, {
      kind: jobKinds.lenderRegister,
      payload: { ...payload },
      dedupeKey: `${jobKinds.lenderRegister}:${request.id}`,
      runAt: new Date(now.getTime() + adapter.responseDelayMs('registration')),
    });
  }
  await settleApplication(tx, { applicationId: application.id, now });
}

/** Payload of the registration and decision jobs: the ids and what the lender is sent. */
export interface LenderJobPayload {
  requestId: string;
  applicationId: string;
  application: LenderApplication;
  poll?: number;
}

export async function recordRegistration(
  tx: Executor,
  input: {
    requestId: string;
    result: RegistrationResult;
    adapter: LenderAdapter | undefined;
    /** What the lender was sent; the decision job carries it on. */
    application?: LenderApplication;
    now: Date;
  },
): Promise<void> {
  const { now, adapter } = input;
  const locked = await lockRequestAndApplication(tx, input.requestId);
  if (!locked || !pendingRegistration(locked.request.status)) return;
  const { request } = locked;
  if (input.result.status === 'registered') {
    await moveRequest(tx, request, 251, now, {
      externalReference: input.result.externalReference,
      registeredAt: now,
    });
    if (adapter) {
      await enqueueDecisionPoll(tx, {
        requestId: request.id,
        applicationId: request.loanApplicationId,
        application: input.application,
        poll: 1,
        adapter,
        now,
      });
    }
  } else {
    await moveRequest(tx, request, input.result.code, now, {
      reasonCode: input.result.reasonCode,
      reason: input.result.reason,
      decidedAt: now,
    });
  }
  await settleApplication(tx, {
    applicationId: request.loanApplicationId,
    now,
    application: locked.application,
  });
}

/** After the last registration attempt failed: the request ends 263 "bank error". */
export async function recordRegistrationFailure(
  tx: Executor,
  input: { requestId: string; now: Date; error: string },
) {
  await recordBankError(tx, { ...input, endStatus: 263, stillPending: pendingRegistration });
}

/**
 * A lender call failed for good: the request, if still waiting at the step that failed (`stillPending`),
 * ends in `endStatus` with reason BANK_ERROR, and the application settles on what the others answered.
 */
async function recordBankError(
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
  await moveRequest(tx, locked.request, input.endStatus, input.now, {
    reasonCode: 'BANK_ERROR',
    reason: input.error,
    decidedAt: input.now,
  });
  await settleApplication(tx, {
    applicationId: locked.application.id,
    now: input.now,
    application: locked.application,
  });
}

async function enqueueDecisionPoll(
  tx: Executor,
  input: {
    requestId: string;
    applicationId: string;
    application: LenderApplication | undefined;
    poll: number;
    adapter: LenderAdapter;
    now: Date;
  },
) {
  await enqueueJob(tx, {
    kind: jobKinds.lenderDecision,
    payload: {
      requestId: input.requestId,
      applicationId: input.applicationId,
      ...(input.application ? { application: input.application } : {}),
      poll: input.poll,
    },
    dedupeKey: `${jobKinds.lenderDecision}:${input.requestId}:${input.poll}`,
    runAt: new Date(input.now.getTime() + input.adapter.responseDelayMs('decision')),
  });
}

async function lockRequestAndApplication(
  tx: Executor,
  requestId: string,
): Promise<{ request: LoanRequestRow; application: LoanApplicationRow } | undefined> {
  const unlocked = await findLoanRequest(tx, requestId);
  if (!unlocked) return undefined;
  // Always the application row first, then the request (the order every writer keeps, so two cannot
  // deadlock): every lender job of one application queues on the same row, so the last one to finish
  // sees all the others' answers.
  const application = await findApplicationByIdForUpdate(tx, unlocked.loanApplicationId);
  const request = await findLoanRequestForUpdate(tx, requestId);
  return application && request ? { request, application } : undefined;
}

// ── Decisions → quotes ──────────────────────────────────────────────────────────────────────────────

/** Most polls we make of a lender that keeps answering `pending` before its request expires with the application. */
const maxDecisionPolls = 20;

export async function recordDecision(
  tx: Executor,
  input: {
    requestId: string;
    poll: number;
    decision: LenderDecision | 'pending';
    adapter: LenderAdapter;
    application: LenderApplication;
    now: Date;
  },
): Promise<void> {
  const { now, adapter } = input;
  const profile = adapter.profile;
  const locked = await lockRequestAndApplication(tx, input.requestId);
  if (!locked || !pendingDecision(locked.request.status)) return;
  const { request, application } = locked;
  if (![210, 300, 305, 310, 400, 410].includes(application.status)) {
    // The customer already accepted another offer (or the application ended): this answer comes too late.
    await moveRequest(tx, request, 382, now, {
      reasonCode: 'LATE',
      reason: 'Answered after the application moved on',
    });
    return;
  }
  const decision = input.decision;
  if (decision === 'pending') {
    await moveRequest(tx, request, 319, now, { reason: 'The lender has not decided yet' });
    if (input.poll < maxDecisionPolls) {
      await enqueueDecisionPoll(tx, {
        requestId: request.id,
        applicationId: application.id,
        application: input.application,
        poll: input.poll + 1,
        adapter,
        now,
      });
    }
    return;
  }
  const events: NewOutboxEvent[] = [];
  if (decision.kind === 'declined') {
    await moveRequest(tx, request, decision.code, now, {
      reasonCode: decision.reasonCode,
      reason: decision.reason,
      decidedAt: now,
    });
    events.push({
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
    });
  } else {
    let shown = 0;
    for (const [index, offer] of decision.offers.entries()) {
      const { quote, created } = await storeOffer(tx, {
        request,
        profile,
        application: input.application,
        offer,
        decision: decision.kind,
        originKey: `decision:${index}`,
        now,
      });
      if (quote.status !== 'withheld') shown++;
      if (created) events.push(...quoteCreatedEvents(quote, now));
    }
    if (shown > 0) await moveRequest(tx, request, 351, now, { decidedAt: now });
    else {
      await moveRequest(tx, request, 369, now, {
        decidedAt: now,
        reasonCode: 'COUNTRY_CAPS_WITHHELD',
        reason: 'Every offer of the lender breaks a country cap and is withheld',
      });
    }
  }
  await insertOutboxEvents(tx, events);
  await settleApplication(tx, { applicationId: application.id, now, lenderId: profile.id, application });
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

/** Stores one offer with its figures; an offer breaking a country cap is stored 'withheld' with the reasons. */
export async function storeOffer(
  tx: Executor,
  input: {
    request: LoanRequestRow;
    profile: LenderProfile;
    application: LenderApplication;
    offer: LenderOffer;
    decision: 'approved' | 'counter-offer';
    originKey: string;
    now: Date;
    replacesQuoteId?: string;
  },
): Promise<{ quote: LoanQuoteRow; created: boolean }> {
  const { request, profile, application, offer, now } = input;
  // The caps of the offer's day in its country, stored with the quote (issue 17).
  const { basis, capsConfig } = await capsBasisFor(tx, application.country, now);
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
  const documentRequests: StoredDocumentRequest[] = profile.documentRequests.map((document) => ({
    id: randomUUID(),
    ...document,
    status: 'pending',
  }));
  return insertQuoteOnce(tx, {
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
  });
}

/**
 * Moves the application as far as the lenders' answers allow (ADR 0008): 210 → 300 → 310 once every
 * lender has answered the registration (or → 270 when none registered), → 400 at the first offer that may
 * be shown, → 410 once every lender has decided (or → 370 when none gave one). Approved requests move to
 * 411 (pending customer decision) with the application.
 */
export async function settleApplication(
  tx: Executor,
  input: {
    applicationId: string;
    now: Date;
    lenderId?: string;
    /** The row, when the caller already holds it FOR UPDATE in `tx`. */
    application?: LoanApplicationRow;
  },
): Promise<void> {
  const { applicationId, now } = input;
  // Held FOR UPDATE once; each step below moves the row it was given, so no step re-reads it.
  let application = input.application ?? (await findApplicationByIdForUpdate(tx, applicationId));
  if (!application || ![210, 300, 305, 310, 400].includes(application.status)) return;
  const requests = await listLoanRequests(tx, applicationId);
  const registering = requests.some((request) => pendingRegistration(request.status));
  const deciding = requests.some(
    (request) => pendingRegistration(request.status) || pendingDecision(request.status),
  );
  const shownQuotes = (await listQuotes(tx, applicationId, ['approved'])).length;
  const step = async (
    from: readonly number[],
    to: ApplicationStatusCode,
    actor: TransitionActor,
    reason: string,
  ) => {
    if (!application || !from.includes(application.status)) return false;
    application = await applyTransition(tx, application, { applicationId, to, actor, reason, now });
    return true;
  };

  if (!registering) {
    const registered = requests.filter((request) => !(request.status >= 261 && request.status <= 269)).length;
    const reason = `${registered} of ${requests.length} lenders registered the application`;
    if (registered === 0) {
      await step([210], 270, system('registration'), reason);
      return;
    }
    await step([210], 300, system('registration'), reason);
    await step([300], 310, system('registration'), 'Waiting for the lenders to decide');
  }
  if (shownQuotes > 0) {
    const actor = input.lenderId ? lenderActor(input.lenderId) : system('decisions');
    await step([300, 305, 310], 400, actor, 'A lender approved an offer that may be shown');
  }
  if (deciding) return;
  if (shownQuotes > 0) {
    if (await step([400], 410, system('decisions'), 'Every lender has answered')) {
      for (const request of requests.filter((candidate) => candidate.status === 351)) {
        await moveRequest(tx, request, 411, now);
      }
    }
  } else {
    await step([300, 305, 310], 370, system('decisions'), 'No lender gave an offer that may be shown');
  }
}

// ── Acceptance and disbursement ─────────────────────────────────────────────────────────────────────

export async function recordAcceptance(
  tx: Executor,
  input: { quoteId: string; result: AcceptResult; adapter: LenderAdapter; now: Date },
): Promise<void> {
  const { now } = input;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.acceptanceStatus !== 'pending' || locked.application.status !== 500) return;
  const { quote, application } = locked;
  const requests = await listLoanRequests(tx, application.id);
  const request = requests.find((candidate) => candidate.id === quote.loanRequestId)!;
  if (input.result.status === 'refused') {
    await updateQuote(tx, quote.id, { acceptanceStatus: 'failed', updatedAt: now });
    await moveRequest(tx, request, 448, now, { reason: input.result.reason });
    await transitionIfIn(tx, {
      applicationId: application.id,
      onlyFrom: [500],
      to: 410,
      actor: system('lender-accept'),
      reason: `The lender refused the acceptance: ${input.result.reason}`,
      now,
    });
    return;
  }
  await updateQuote(tx, quote.id, {
    acceptanceStatus: 'accepted',
    status: 'accepted',
    signingUrl: input.result.signingUrl,
    updatedAt: now,
  });
  await moveRequest(tx, request, quote.replacesQuoteId ? 452 : 451, now);
  await transitionIfIn(tx, {
    applicationId: application.id,
    onlyFrom: [500],
    to: 510,
    actor: lenderActor(quote.lenderId),
    reason: 'The lender confirmed the acceptance; signing and checks',
    now,
    details: { LoanQuoteID: quote.id },
  });
  // The other offers are no longer open; lenders still deciding are told we are done.
  const events: NewOutboxEvent[] = [];
  for (const other of await listQuotes(tx, application.id, ['approved'])) {
    const closed = await updateQuote(tx, other.id, { status: 'not-accepted', updatedAt: now });
    events.push(quoteEvent('loan-quote-cancelled', closed, now, { ReasonCode: 'OTHER_OFFER_ACCEPTED' }));
  }
  for (const other of requests.filter((candidate) => candidate.id !== request.id)) {
    if (approvedByLender(other.status))
      await moveRequest(tx, other, 462, now, { reasonCode: 'OTHER_OFFER_ACCEPTED' });
    else if (pendingDecision(other.status))
      await moveRequest(tx, other, 382, now, { reasonCode: 'OTHER_OFFER_ACCEPTED' });
  }
  await insertOutboxEvents(tx, events);
  await enqueueJob(tx, {
    kind: jobKinds.lenderDisbursementDecision,
    payload: { quoteId: quote.id },
    dedupeKey: `${jobKinds.lenderDisbursementDecision}:${quote.id}`,
    runAt: new Date(now.getTime() + input.adapter.responseDelayMs('decision')),
  });
}

/** After the last attempt to reach the lender failed: the acceptance failed (448), the offers are open again. */
export async function recordAcceptanceFailure(
  tx: Executor,
  input: { quoteId: string; now: Date; error: string },
) {
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.acceptanceStatus !== 'pending') return;
  await updateQuote(tx, locked.quote.id, { acceptanceStatus: 'failed', updatedAt: input.now });
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  await moveRequest(tx, request, 448, input.now, { reason: input.error });
  await transitionIfIn(tx, {
    applicationId: locked.application.id,
    onlyFrom: [500],
    to: 410,
    actor: system('lender-accept'),
    reason: 'The lender could not be reached to accept the offer',
    now: input.now,
  });
}

export async function recordDisbursementDecision(
  tx: Executor,
  input: {
    quoteId: string;
    result: DisbursementDecisionResult;
    actor: { kind: 'lender'; id: string } | { kind: 'staff'; id: string; roles: readonly string[] };
    adapter: LenderAdapter;
    now: Date;
  },
): Promise<LoanApplicationRow | undefined> {
  const { now, result } = input;
  if (result.status === 'pending') return undefined;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.status !== 'accepted') return undefined;
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  if (result.status === 'approved') {
    const moved = await transitionIfIn(tx, {
      applicationId: locked.application.id,
      onlyFrom: [510],
      to: 600,
      actor: input.actor,
      reason: 'The lender approved the payout',
      now,
    });
    if (!moved) return undefined;
    if (!isLoanRequestFinal(request.status as FinerStatusCode)) await moveRequest(tx, request, 551, now);
    await enqueueJob(tx, {
      kind: jobKinds.lenderDisburse,
      payload: { quoteId: locked.quote.id },
      dedupeKey: `${jobKinds.lenderDisburse}:${locked.quote.id}`,
      runAt: now,
    });
    return moved;
  }
  const moved = await transitionIfIn(tx, {
    applicationId: locked.application.id,
    onlyFrom: [510],
    to: 570,
    actor: input.actor,
    reason: `The lender refused the payout: ${result.reason}`,
    now,
  });
  if (moved)
    await moveRequest(tx, request, result.code, now, {
      reasonCode: result.reasonCode,
      reason: result.reason,
    });
  return moved;
}

export async function recordDisbursement(
  tx: Executor,
  input: {
    quoteId: string;
    result: DisburseResult;
    actor:
      | { kind: 'lender'; id: string }
      | { kind: 'staff'; id: string; roles: readonly string[] }
      | { kind: 'system'; id: string };
    now: Date;
  },
): Promise<LoanApplicationRow | undefined> {
  const { now } = input;
  const locked = await lockQuoteAndApplication(tx, input.quoteId);
  if (locked?.quote.status !== 'accepted') return undefined;
  const request = (await listLoanRequests(tx, locked.application.id)).find(
    (r) => r.id === locked.quote.loanRequestId,
  )!;
  let current: LoanApplicationRow = locked.application;
  const ordered = await transitionIfIn(tx, {
    applicationId: current.id,
    onlyFrom: [600],
    to: 610,
    actor: { kind: 'system', id: 'lender-disburse' },
    reason: 'The payout was ordered',
    now,
  });
  if (ordered) {
    current = ordered;
    if (request.status === 551) await moveRequest(tx, request, 611, now);
  }
  if (input.result.status === 'pending') return current;
  const paid = await transitionIfIn(tx, {
    applicationId: current.id,
    onlyFrom: [610],
    to: 700,
    actor: input.actor.kind === 'system' ? lenderActor(locked.quote.lenderId) : input.actor,
    reason: `Loan paid out (${input.result.reference})`,
    now,
  });
  if (!paid) return undefined;
  const latest = (await listLoanRequests(tx, current.id)).find((r) => r.id === request.id)!;
  await moveRequest(tx, latest, 651, now, { externalReference: latest.externalReference });
  return paid;
}

async function lockQuoteAndApplication(
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

// ── Ending an application's open work ───────────────────────────────────────────────────────────────

/**
 * When an application ends (withdrawn, cancelled, blocked, expired…) its lenders' open requests end with
 * the matching code (x91 withdrawn by customer, x89 expired, x82 cancelled by broker; 281 before
 * registration) and its open offers end too, each with a `loan-quote-cancelled` event.
 */
export async function endOpenWork(
  tx: Executor,
  input: {
    applicationId: string;
    ending: 'withdrawn' | 'cancelled' | 'expired' | 'resubmitted';
    now: Date;
    reason: string;
  },
): Promise<void> {
  const { now } = input;
  const suffixes = {
    withdrawn: [91, 81],
    cancelled: [82, 81],
    expired: [89, 95, 82, 81],
    resubmitted: [83, 82, 81],
  }[input.ending];
  for (const request of await listLoanRequests(tx, input.applicationId)) {
    if (isLoanRequestFinal(request.status as FinerStatusCode)) continue;
    const code = suffixes
      .map((suffix) => requestEndCodeFor(request.status as FinerStatusCode, suffix))
      .find((candidate) => candidate !== undefined);
    if (code) await moveRequest(tx, request, code, now, { reason: input.reason });
  }
  const quoteStatus = {
    withdrawn: 'withdrawn',
    cancelled: 'cancelled',
    expired: 'expired',
    resubmitted: 'cancelled',
  }[input.ending];
  const events: NewOutboxEvent[] = [];
  for (const quote of await listQuotes(tx, input.applicationId, ['approved', 'accepted'])) {
    const ended = await updateQuote(tx, quote.id, {
      status: quoteStatus,
      acceptanceStatus: quote.acceptanceStatus === 'pending' ? 'failed' : quote.acceptanceStatus,
      updatedAt: now,
    });
    events.push(quoteEvent('loan-quote-cancelled', ended, now, { ReasonCode: input.ending.toUpperCase() }));
  }
  await insertOutboxEvents(tx, events);
}
