import { randomUUID } from 'node:crypto';
import type { LenderCallback } from '@nordloan/domain/lending/lender-api';
import { decisionOfferProblems } from '@nordloan/domain/lending/lender-api-rules';
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import { applicationStatus, type FinerStatusCode } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanQuoteRow, LoanRequestRow, StoredDocumentRequest } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import {
  recordDisbursement,
  recordDisbursementDecision,
} from '#src/modules/lending/acceptance-and-payout/lender-confirmation.service.ts';
import { recordDecisions } from '#src/modules/lending/decisions/decision.service.ts';
import { pendingDecision } from '#src/modules/lending/fan-out/request-progress.service.ts';
import { documentAskFromWire, offerFromWire } from '#src/modules/lending/lender-api/wire-mapping.ts';
import { type LenderAdapter, lenderOfferSchema } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { loadLenderApplication } from '#src/modules/lending/lender-panel/lender-view.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { findQuote, listQuotes, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { confirmDebtPayoffs } from '#src/modules/loan-applications/debt-payoff.repository.ts';
import { applyLenderOutcome } from './lender-callback.service.ts';

// What each signed callback does once it is in its place (signed-callback.service.ts decides when): the
// same recording functions the lender jobs and the token callback routes use, so the status machine
// decides every move. Each answers whether it acted, or why not (kept with the callback as its outcome).

export type Effect = { applied: true } | { applied: false; reason: string };

const applied: Effect = { applied: true };
const notApplied = (reason: string): Effect => ({ applied: false, reason });

async function applyDecision(
  tx: Executor,
  input: {
    message: Extract<LenderCallback, { Type: 'offer' | 'decline' }>;
    request: LoanRequestRow;
    adapter: LenderAdapter;
    now: Date;
  },
): Promise<Effect> {
  const { message, request, adapter, now } = input;
  const application = await findApplicationById(tx, request.loanApplicationId);
  if (!application) return notApplied('The application is gone');
  const view = await loadLenderApplication(tx, application, { lenderId: request.lenderId, now });
  let decision: Parameters<typeof recordDecisions>[1]['answers'][number]['decision'];
  let documentsAsked: ReturnType<typeof documentAskFromWire>[] = [];
  if (message.Type === 'decline') {
    if (!isLoanRequestTransitionAllowed(request.status as FinerStatusCode, message.Code as FinerStatusCode)) {
      return notApplied(`Code ${message.Code} is not a decision the request can take`);
    }
    // A lender's own reason codes are kept as it sends them.
    decision = {
      kind: 'declined',
      code: message.Code,
      reasonCode: message.ReasonCode as 'CREDIT_SCORE',
      reason: message.Reason,
    };
  } else {
    const problems = decisionOfferProblems(
      { product: view.product, amount: view.amount, durationMonths: view.durationMonths },
      message.Decision,
      message.Offers,
    );
    const offers = message.Offers.map(offerFromWire);
    if (offers.some((offer) => !lenderOfferSchema.safeParse(offer).success))
      problems.push('a malformed offer');
    // Never shown: recorded with the callback as the lender's error.
    if (problems.length > 0)
      return notApplied(`The lender's offer is not one we can show: ${problems.join('; ')}`);
    decision = { kind: message.Decision, offers };
    documentsAsked = message.DocumentsRequested.map(documentAskFromWire);
  }
  await recordDecisions(tx, {
    answers: [{ requestId: request.id, poll: 1, decision, documentsAsked, adapter, application: view }],
    now,
  });
  const after = await findLoanRequest(tx, request.id);
  return after && !pendingDecision(after.status)
    ? applied
    : notApplied('The request did not take the decision');
}

/** The lender asks the applicant for documents on its open offers (each ask once). */
async function addDocumentRequests(
  tx: Executor,
  input: {
    message: Extract<LenderCallback, { Type: 'documents-requested' }>;
    request: LoanRequestRow;
    now: Date;
  },
): Promise<Effect> {
  const { message, request, now } = input;
  const open = (await listQuotes(tx, request.loanApplicationId, ['approved', 'accepted'])).filter(
    (quote) => quote.loanRequestId === request.id && (!message.QuoteId || quote.id === message.QuoteId),
  );
  if (open.length === 0) return notApplied('No open offer of this lender to ask documents for');
  const same = (a: Pick<StoredDocumentRequest, 'action' | 'timing' | 'category'>, b: typeof a) =>
    a.action === b.action && a.timing === b.timing && a.category === b.category;
  for (const quote of open) {
    const asks = message.Documents.map(documentAskFromWire).filter(
      (ask) => !quote.documentRequests.some((existing) => same(existing, ask)),
    );
    if (asks.length === 0) continue;
    await updateQuote(tx, quote.id, {
      documentRequests: [
        ...quote.documentRequests,
        ...asks.map((ask) => ({ id: randomUUID(), ...ask, status: 'pending' as const })),
      ],
      updatedAt: now,
    });
  }
  return applied;
}

/** The customer signed the agreement at the lender: its signing requests are resolved. */
async function markSigned(tx: Executor, quote: LoanQuoteRow, now: Date): Promise<Effect> {
  const documentRequests = quote.documentRequests.map((document) =>
    document.action === 'sign' ? { ...document, status: 'resolved' as const } : document,
  );
  await updateQuote(tx, quote.id, { documentRequests, updatedAt: now });
  // The payout waited for this signing (ADR 0077): the lender is asked for its payout decision now, as
  // after an e-ID signing here (agreement-signing-jobs.ts; the same key, so once either way).
  const application = await findApplicationById(tx, quote.loanApplicationId);
  if (quote.status === 'accepted' && application?.status === applicationStatus.pendingDisbursementApproval)
    await enqueueJob(tx, {
      kind: jobKinds.lenderDisbursementDecision,
      payload: { quoteId: quote.id },
      dedupeKey: `${jobKinds.lenderDisbursementDecision}:${quote.id}:signed`,
      runAt: now,
    });
  return applied;
}

/** Acts on a callback that is in its place; `quote` is the one it names (checked to be the lender's). */
export async function applyCallback(
  tx: Executor,
  input: {
    message: LenderCallback;
    request: LoanRequestRow;
    quoteId: string | null;
    adapter: LenderAdapter;
    now: Date;
  },
): Promise<Effect> {
  const { message, request, adapter, now } = input;
  const actor = { kind: 'lender' as const, id: request.lenderId };
  if (message.Type === 'offer' || message.Type === 'decline')
    return applyDecision(tx, { message, request, adapter, now });
  if (message.Type === 'documents-requested') return addDocumentRequests(tx, { message, request, now });
  const quote = input.quoteId ? await findQuote(tx, input.quoteId) : undefined;
  if (!quote) return notApplied('No such offer');
  switch (message.Type) {
    case 'agreement-signed':
      return markSigned(tx, quote, now);
    case 'disbursement-decision': {
      const code = message.Code ?? 569;
      const moved = await recordDisbursementDecision(tx, {
        quoteId: quote.id,
        result:
          message.Decision === 'approved'
            ? { status: 'approved' }
            : {
                status: 'declined',
                code,
                reasonCode: message.ReasonCode ?? `DISBURSEMENT_${code}`,
                reason: message.Reason ?? 'Not approved for disbursement',
              },
        actor,
        adapter,
        now,
      });
      return moved ? applied : notApplied('The application is not waiting for a disbursement decision');
    }
    case 'disbursed': {
      const paid = await recordDisbursement(tx, {
        quoteId: quote.id,
        result: { status: 'disbursed', reference: message.Reference },
        actor,
        now,
      });
      return paid?.status === applicationStatus.loanDisbursed
        ? applied
        : notApplied('The application is not waiting for a payout');
    }
    case 'payoff-confirmed': {
      // ADR 0080: the payout paid the refinanced debts off; the personal page shows each confirmed.
      const recorded = await confirmDebtPayoffs(
        tx,
        quote.loanApplicationId,
        message.Payoffs.map((payoff) => ({
          debtId: payoff.DebtReference,
          amount: payoff.Amount,
          paidAt: new Date(payoff.PaidAt),
          lenderReference: payoff.Reference,
        })),
        now,
      );
      return recorded.length > 0
        ? applied
        : notApplied('No refinanced debt of the application has that reference');
    }
    case 'not-disbursed':
    case 'cancelled':
    case 'commission-clawback': {
      const outcome = message.Type === 'commission-clawback' ? 'clawback' : message.Type;
      const moved = await applyLenderOutcome(tx, { quote, outcome, reason: message.Reason, actor, now });
      return moved ? applied : notApplied(`The application does not take ${message.Type} now`);
    }
  }
}
