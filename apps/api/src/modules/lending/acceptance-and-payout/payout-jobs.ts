// The jobs after the customer accepts an offer: the lender told of the acceptance, asked for its
// disbursement decision, and ordered to pay out; each recorded by lender-confirmation.service.ts.

import { applicationStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { agreementHoldsPayout } from '#src/modules/lending/agreement-signing/agreement-signing.repository.ts';
import { settleWaitingCallbacks } from '#src/modules/lending/callbacks/signed-callback.service.ts';
import { requireAdapter } from '#src/modules/lending/fan-out/lender-calls.ts';
import type { LenderPanel, LenderQuoteView } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { loadParties, randomnessKeyOf } from '#src/modules/lending/lender-panel/lender-view.ts';
import { payloadId } from '#src/modules/lending/lending-job-kinds.ts';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  recordAcceptance,
  recordAcceptanceFailure,
  recordDisbursement,
  recordDisbursementDecision,
} from './lender-confirmation.service.ts';

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

/** jobKinds.lenderAccept: the lender told that the customer accepted its offer. */
export function acceptOfferJobHandler(panel: LenderPanel): JobHandlers[string] {
  return {
    async run({ job, db, now, finish }) {
      const quote = await findQuote(db, payloadId(job.payload, 'quoteId'));
      if (quote?.acceptanceStatus !== 'pending') return finish();
      const adapter = requireAdapter(panel, quote.lenderId);
      const result = await adapter.acceptOffer(await quoteCall(db, quote, job.attempts));
      await finish((tx) => recordAcceptance(tx, { quoteId: quote.id, result, adapter, now: now() }));
    },
    async onFinalFailure({ job, tx, now, error }) {
      await recordAcceptanceFailure(tx, {
        quoteId: payloadId(job.payload, 'quoteId'),
        now,
        error: errorMessageOf(error),
      });
    },
  };
}

/** jobKinds.lenderDisbursementDecision: the lender asked whether it will pay out. */
export function disbursementDecisionJobHandler(panel: LenderPanel): JobHandlers[string] {
  return {
    async run({ job, db, now, finish }) {
      const quote = await findQuote(db, payloadId(job.payload, 'quoteId'));
      if (quote?.status !== 'accepted') return finish();
      // The payout waits for the signed agreement, opened or not (ADR 0077): the lender is asked once the
      // signing is recorded (agreement-signing-jobs.ts, or the lender's agreement-signed callback, enqueues
      // this job again).
      if (await agreementHoldsPayout(db, quote.id)) return finish();
      const adapter = requireAdapter(panel, quote.lenderId);
      // What the lender reported while the signing was awaited (its approval, its payout) is acted on first,
      // in the lender's order; the lender is asked only when the application still waits for its decision.
      const status = await db.transaction(async (tx) => {
        await settleWaitingCallbacks(tx, {
          applicationId: quote.loanApplicationId,
          lenderId: quote.lenderId,
          adapter,
          now: now(),
        });
        return (await findApplicationById(tx, quote.loanApplicationId))?.status;
      });
      if (status !== applicationStatus.pendingDisbursementApproval) return finish();
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
  };
}

/** jobKinds.lenderDisburse: the lender ordered to pay out. */
export function disburseJobHandler(panel: LenderPanel): JobHandlers[string] {
  return {
    async run({ job, db, now, finish }) {
      const quote = await findQuote(db, payloadId(job.payload, 'quoteId'));
      if (quote?.status !== 'accepted') return finish();
      // Never a payout order before the agreement is signed (ADR 0077).
      if (await agreementHoldsPayout(db, quote.id)) return finish();
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
  };
}
