import { randomUUID } from 'node:crypto';
import type { LenderApplication, LenderDecision } from '@nordloan/domain/lending/credit-policy';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { classifyOffer, type LenderOffer } from '@nordloan/domain/lending/offer-figures';
import type { Executor } from '#src/db/client.ts';
import type { LoanQuoteRow, LoanRequestRow, StoredDocumentRequest } from '#src/db/schema/lending.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '#src/jobs/outbox.repository.ts';
import { jobKinds } from '#src/modules/lending/fan-out/lending-job-kinds.ts';
import {
  enqueueLenderCalls,
  type LenderCallDue,
  lockRequestAndApplication,
  moveRequests,
  pendingDecision,
  type RequestMove,
  recordBankError,
  settleApplication,
  withRequests,
} from '#src/modules/lending/fan-out/request-progress.service.ts';
import type { LenderAdapter, LenderDocumentAsk } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  insertQuoteOnce,
  insertQuotesOnce,
  type NewLoanQuoteRow,
} from '#src/modules/lending/lending.repository.ts';
import { quoteEvent } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { capsBasisFor } from '#src/modules/regulatory-figures/regulatory-figure.service.ts';

// The lenders' decisions turned into quotes (issue 4): caps checked, an offer breaking one is stored
// 'withheld' with its reasons and never shown. Runs in the decision job's finishing transaction.

type CapsOfTheDay = Awaited<ReturnType<typeof capsBasisFor>>;

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
  const { application } = locked;
  // The customer already accepted another offer (or the application ended): these answers come too late.
  const late = ![210, 300, 305, 310, 400, 410].includes(application.status);
  const moves: RequestMove[] = [];
  // Events in the order of the answers; an approval's are filled once its quotes are stored.
  const eventsOfAnswers: NewOutboxEvent[][] = [];
  const approvals: Array<{
    request: LoanRequestRow;
    lenderId: string;
    rows: NewLoanQuoteRow[];
    events: NewOutboxEvent[];
  }> = [];
  const pollsByNumber = new Map<number, LenderCallDue[]>();
  let caps: CapsOfTheDay | undefined;
  let settleFor: string | undefined;
  let approvedBy: string | undefined;
  for (const answer of answers) {
    const request = locked.requests.find((candidate) => candidate.id === answer.requestId);
    if (!request || !pendingDecision(request.status)) continue;
    const profile = answer.adapter.profile;
    const decision = answer.decision;
    if (late) {
      moves.push({
        request,
        to: 382,
        changes: { reasonCode: 'LATE', reason: 'Answered after the application moved on' },
      });
    } else if (decision === 'pending') {
      moves.push({ request, to: 319, changes: { reason: 'The lender has not decided yet' } });
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
      moves.push({
        request,
        to: decision.code,
        changes: { reasonCode: decision.reasonCode, reason: decision.reason, decidedAt: now },
      });
      eventsOfAnswers.push([
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
      settleFor ??= profile.id;
    } else {
      caps ??= await capsBasisFor(tx, answer.application.country, now);
      const offerCaps = caps;
      const events: NewOutboxEvent[] = [];
      eventsOfAnswers.push(events);
      approvals.push({
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
            offerCaps,
          ),
        ),
      });
      settleFor ??= profile.id;
    }
  }
  // Every offer of the batch in one insert; a retried job finds its quotes stored and makes no event twice.
  const stored = await insertQuotesOnce(
    tx,
    approvals.flatMap((approval) => approval.rows),
  );
  let next = 0;
  for (const approval of approvals) {
    const quotes = stored.slice(next, next + approval.rows.length);
    next += approval.rows.length;
    for (const { quote, created } of quotes) {
      if (created) approval.events.push(...quoteCreatedEvents(quote, now));
    }
    if (quotes.some(({ quote }) => quote.status !== 'withheld')) {
      moves.push({ request: approval.request, to: 351, changes: { decidedAt: now } });
      approvedBy ??= approval.lenderId;
    } else {
      moves.push({
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
  const requests = withRequests(locked.requests, await moveRequests(tx, moves, now));
  await insertOutboxEvents(tx, eventsOfAnswers.flat());
  for (const [poll, calls] of pollsByNumber) {
    await enqueueLenderCalls(tx, {
      kind: jobKinds.lenderDecision,
      applicationId: application.id,
      calls,
      poll,
    });
  }
  // Late answers and `pending` change nothing the application's status depends on.
  if (!settleFor) return;
  await settleApplication(tx, {
    applicationId: application.id,
    now,
    lenderId: approvedBy ?? settleFor,
    application,
    requests,
    parts: locked.parts,
  });
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
