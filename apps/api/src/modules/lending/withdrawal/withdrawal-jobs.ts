import type { JobContext, JobHandlers } from '#src/jobs/worker.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import type { LenderWithdrawalApi } from '#src/modules/lending/lender-api/lender-withdrawal.ts';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findWithdrawalById, setLenderNotice } from './withdrawal.repository.ts';
import { NOTIFY_LENDER_OF_WITHDRAWAL_JOB } from './withdrawal.service.ts';

// Telling the lender of a withdrawal (CCD2 art. 26, docs/decisions/0066), as a job: the applicant's answer
// does not wait for a lender, and a lender that does not answer is asked again with the worker's backoff.
// After the last try the notice is marked `failed` (audited) for staff to pass on by hand; the withdrawal
// stands either way — the applicant has given notice.

const systemActor = { kind: 'system', name: NOTIFY_LENDER_OF_WITHDRAWAL_JOB } as const;

async function notify(context: JobContext, api: LenderWithdrawalApi) {
  const id = String(context.job.payload.creditWithdrawalId);
  const row = await findWithdrawalById(context.db, id);
  if (!row || row.lenderNotice === 'sent') return context.finish();
  const quote = await findQuote(context.db, row.loanQuoteId);
  const request = quote ? await findLoanRequest(context.db, quote.loanRequestId) : undefined;
  if (!quote || !request) return context.finish();
  await api.notifyWithdrawal({
    lenderId: row.lenderId,
    loanRequestId: request.id,
    quoteId: quote.id,
    externalReference: request.externalReference,
    withdrawalId: row.id,
    signedAt: row.signedAt,
    withdrawnAt: row.withdrawnAt,
    currency: row.currency,
    principal: row.principal,
    dailyInterest: row.dailyInterest,
    total: row.total,
    payBackBy: row.payBackBy,
  });
  const now = context.now();
  await context.finish(async (tx) => {
    await setLenderNotice(tx, { id: row.id, notice: 'sent', now });
    await recordAudit(tx, {
      actor: systemActor,
      action: 'creditAgreement.withdrawalNotified',
      subjectType: 'credit-withdrawal',
      subjectId: row.id,
      loanApplicationId: row.loanApplicationId,
      country: row.country as never,
      details: { lenderId: row.lenderId },
      at: now,
    });
  });
}

export function withdrawalJobHandlers(options: { lenders: LenderWithdrawalApi }): JobHandlers {
  return {
    [NOTIFY_LENDER_OF_WITHDRAWAL_JOB]: {
      run: (context) => notify(context, options.lenders),
      async onFinalFailure({ job, tx, now }) {
        const row = await findWithdrawalById(tx, String(job.payload.creditWithdrawalId));
        if (!row || row.lenderNotice === 'sent') return;
        await setLenderNotice(tx, { id: row.id, notice: 'failed', now });
        await recordAudit(tx, {
          actor: systemActor,
          action: 'creditAgreement.withdrawalNoticeFailed',
          subjectType: 'credit-withdrawal',
          subjectId: row.id,
          loanApplicationId: row.loanApplicationId,
          country: row.country as never,
          details: { lenderId: row.lenderId },
          at: now,
        });
      },
    },
  };
}
