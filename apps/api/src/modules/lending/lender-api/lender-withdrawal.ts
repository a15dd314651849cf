import {
  lenderWithdrawalPath,
  lenderWithdrawalResponseSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import {
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { isHttpLenderAdapter } from './http-lender-adapter.ts';
import { answerOutsideContract, lenderPathOf, postToLender } from './signed-lender-post.ts';

// CCD2 art. 26 (issue 34 item 5, docs/decisions/0066): the customer's withdrawal from a signed agreement is
// passed on to the lender. One more operation of the lender API in its own file beside the adapter (lenders
// are rows of the database now; the adapter is left as it is): a lender with an endpoint is told over HTTP
// through its own client (signed, an idempotency key per withdrawal, its breaker and counters: ADR 0077), its
// receipt held against the contract. Every other lender on the panel is a portal lender (ADR 0083), whose
// portal shows no withdrawals yet: the notice cannot reach it, and after the job's last try staff pass it on
// (never marked sent unsent). The withdrawal job (withdrawal/withdrawal-jobs.ts) calls it.

export interface LenderWithdrawalCall {
  lenderId: string;
  /** Our loan request id: the lender's reference to the application (as for every operation). */
  loanRequestId: string;
  quoteId: string;
  externalReference: string | null;
  withdrawalId: string;
  signedAt: Date;
  withdrawnAt: Date;
  currency: string;
  principal: number;
  dailyInterest: number;
  total: number;
  payBackBy: Date;
}

export interface LenderWithdrawalApi {
  /** Resolves when the lender has the notice. Throws LenderUnavailableError otherwise (the job retries). */
  notifyWithdrawal(call: LenderWithdrawalCall): Promise<void>;
}

export function createLenderWithdrawalApi(options: { panel: LenderPanel }): LenderWithdrawalApi {
  return {
    async notifyWithdrawal(call) {
      const adapter = options.panel.adapter(call.lenderId);
      if (!adapter) throw new LenderUnavailableError(call.lenderId, 'notifyWithdrawal (not on the panel)');
      if (!isHttpLenderAdapter(adapter))
        throw new LenderUnavailableError(
          call.lenderId,
          'notifyWithdrawal (the lender portal shows no withdrawals yet)',
        );
      const answer = await postToLender(adapter, {
        operation: 'notifyWithdrawal',
        path: lenderPathOf(lenderWithdrawalPath, call.loanRequestId),
        message: {
          ApplicationReference: call.loanRequestId,
          QuoteId: call.quoteId,
          LenderReference: call.externalReference,
          SignedAt: call.signedAt.toISOString(),
          WithdrawnAt: call.withdrawnAt.toISOString(),
          Currency: call.currency,
          Principal: call.principal,
          DailyInterest: call.dailyInterest,
          Total: call.total,
          PayBackBy: call.payBackBy.toISOString(),
        },
        idempotencyKey: `withdrawal:${call.withdrawalId}`,
      });
      const parsed = lenderWithdrawalResponseSchema.safeParse(answer);
      if (
        !parsed.success ||
        parsed.data.ApplicationReference !== call.loanRequestId ||
        parsed.data.QuoteId !== call.quoteId
      ) {
        answerOutsideContract(adapter, 'notifyWithdrawal');
      }
    },
  };
}
