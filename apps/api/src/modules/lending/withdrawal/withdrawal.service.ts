import {
  type CreditWithdrawal,
  withdrawalPayback,
  withdrawalRefusals,
  withdrawalWindowFromSigning,
} from '@nordloan/domain/lending/credit-withdrawal';
import { withdrawnStatusFor } from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, applicationStatus } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { CreditWithdrawalRow } from '#src/db/schema/credit-withdrawal.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { conflict, forbidden, notFound } from '#src/lib/app-error.ts';
import { assertCallerReaches, isUuid, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { endOpenWork } from '#src/modules/lending/closing/end-open-work.service.ts';
import { lenderName } from '#src/modules/lending/presentation/quote.mapper.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { notifyApplicant } from '#src/modules/messages/message.service.ts';
import {
  findAgreementSignedAt,
  findPaidOutAt,
  findTakenQuote,
  findWithdrawal,
  insertWithdrawal,
} from './withdrawal.repository.ts';

// Withdrawal from a signed credit agreement (CCD2 art. 26; issue 34 item 5; docs/decisions/0066). The
// applicant reads what follows (GET: the window, what to pay back and by when), then confirms (POST). The
// 14 days start when the lender reported the agreement signed (its signed 'agreement-signed' callback).
// The status moves to the x90 of its phase where the table lets the applicant (510 → 590, 600/610 → 690);
// a loan paid out (700) stays 700 — the money is out and comes back — and the lender's commission
// clawback (700 → 800) follows from the lender. The lender is told by a job (withdrawal-jobs.ts), the
// applicant by a message; the withdrawal is audited.

export const NOTIFY_LENDER_OF_WITHDRAWAL_JOB = 'credit-withdrawal.notify-lender';

/** Statuses in which a signed agreement can stand: accepted, waiting for payout approval, paid out. */
const agreementStatuses: readonly number[] = [
  applicationStatus.offerAccepted,
  applicationStatus.pendingDisbursementApproval,
  applicationStatus.approvedForDisbursement,
  applicationStatus.pendingDisbursement,
  applicationStatus.loanDisbursed,
];

export interface WithdrawalOptions {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}

type Standing =
  | { state: 'withdrawn'; row: CreditWithdrawalRow }
  | { state: 'not-signed'; quote?: LoanQuoteRow }
  | { state: 'window-closed' | 'not-withdrawable' | 'open'; quote: LoanQuoteRow; signedAt: Date };

/** Where the application's withdrawal right stands now. */
async function standingOf(tx: Executor, application: LoanApplicationRow, now: Date): Promise<Standing> {
  const row = await findWithdrawal(tx, application.id);
  if (row) return { state: 'withdrawn', row };
  const quote = await findTakenQuote(tx, application.id);
  if (!quote) return { state: 'not-signed' };
  const signedAt = await findAgreementSignedAt(tx, quote.id);
  if (!signedAt) return { state: 'not-signed', quote };
  if (!withdrawalWindowFromSigning(signedAt, now).isOpen) return { state: 'window-closed', quote, signedAt };
  if (!agreementStatuses.includes(application.status)) return { state: 'not-withdrawable', quote, signedAt };
  return { state: 'open', quote, signedAt };
}

/** The capital paid out: the amount, less a startup fee kept back at payout (fee handling 'upfront'). */
function principalOf(quote: LoanQuoteRow): number {
  return quote.feeHandling === 'upfront' ? quote.amount - quote.startupFee : quote.amount;
}

function view(
  application: LoanApplicationRow,
  standing: Standing,
  payback: {
    row?: CreditWithdrawalRow;
    preview?: ReturnType<typeof withdrawalPayback>;
    currency: string;
  } | null,
  paidOutAt: Date | null,
): CreditWithdrawal {
  const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  if (standing.state === 'withdrawn') {
    const { row } = standing;
    return {
      LoanApplicationID: application.id,
      State: 'withdrawn',
      QuoteID: row.loanQuoteId,
      LenderName: lenderName(row.lenderId),
      SignedAt: iso(row.signedAt),
      ClosesAt: iso(withdrawalWindowFromSigning(row.signedAt, row.withdrawnAt).closesAt),
      PaidOutAt: iso(row.paidOutAt),
      WithdrawnAt: iso(row.withdrawnAt),
      Payback: {
        Currency: row.currency,
        Principal: row.principal,
        DailyInterest: row.dailyInterest,
        InterestDays: row.interestDays,
        Interest: row.interest,
        Total: row.total,
        PayBackBy: row.payBackBy.toISOString(),
      },
      LenderNotified: row.lenderNotice === 'sent',
    };
  }
  const quote = standing.quote;
  const signedAt = 'signedAt' in standing ? standing.signedAt : null;
  const preview = payback?.preview;
  return {
    LoanApplicationID: application.id,
    State: standing.state,
    QuoteID: quote?.id ?? null,
    LenderName: quote ? lenderName(quote.lenderId) : null,
    SignedAt: iso(signedAt),
    ClosesAt: signedAt ? iso(withdrawalWindowFromSigning(signedAt, signedAt).closesAt) : null,
    PaidOutAt: iso(paidOutAt),
    WithdrawnAt: null,
    Payback:
      preview && payback
        ? {
            Currency: payback.currency,
            Principal: preview.principal,
            DailyInterest: preview.dailyInterest,
            InterestDays: preview.interestDays,
            Interest: preview.interest,
            Total: preview.total,
            PayBackBy: preview.payBackBy.toISOString(),
          }
        : null,
    LenderNotified: null,
  };
}

async function present(tx: Executor, application: LoanApplicationRow, now: Date): Promise<CreditWithdrawal> {
  const standing = await standingOf(tx, application, now);
  if (standing.state !== 'open') return view(application, standing, null, null);
  const paidOutAt = (await findPaidOutAt(tx, application.id)) ?? null;
  const preview = withdrawalPayback({
    principal: principalOf(standing.quote),
    nominalRate: standing.quote.nominalRate,
    paidOutAt,
    withdrawnAt: now,
  });
  return view(application, standing, { preview, currency: standing.quote.currency }, paidOutAt);
}

/** GET: where the withdrawal right stands, and what withdrawing now would mean (the first step). */
export async function getCreditWithdrawal(options: WithdrawalOptions): Promise<CreditWithdrawal> {
  const { db, caller } = options;
  const application = await loadApplicationForCaller({
    db,
    caller,
    applicationId: options.applicationId,
    access: 'read',
  });
  return present(db, application, options.now());
}

const refusalOf: Record<Exclude<Standing['state'], 'open'>, string> = {
  withdrawn: withdrawalRefusals.alreadyWithdrawn,
  'not-signed': withdrawalRefusals.notSigned,
  'window-closed': withdrawalRefusals.windowClosed,
  'not-withdrawable': withdrawalRefusals.notWithdrawable,
};

/** POST: the applicant withdraws (the second step). 409 before signing, after 14 days, or a second time. */
export async function withdrawFromCredit(
  options: WithdrawalOptions & { config: Config },
): Promise<CreditWithdrawal> {
  const { db, caller } = options;
  // The right is the consumer's (art. 26(1)): staff record nothing on their behalf here.
  if (caller.kind === 'staff') throw forbidden('Only the customer can withdraw from a credit agreement');
  if (!isUuid(options.applicationId)) throw notFound();
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await findApplicationByIdForUpdate(tx, options.applicationId);
    if (!application) throw notFound();
    assertCallerReaches(caller, application, 'write');
    const standing = await standingOf(tx, application, now);
    if (standing.state !== 'open') throw conflict(refusalOf[standing.state], { State: standing.state });
    const { quote, signedAt } = standing;
    const paidOutAt = (await findPaidOutAt(tx, application.id)) ?? null;
    const payback = withdrawalPayback({
      principal: principalOf(quote),
      nominalRate: quote.nominalRate,
      paidOutAt,
      withdrawnAt: now,
    });
    const from = application.status as ApplicationStatusCode;
    // 700 has no x90: the loan stays paid out (ADR 0066).
    const to = from === applicationStatus.loanDisbursed ? undefined : withdrawnStatusFor(from);
    const row = await insertWithdrawal(tx, {
      loanApplicationId: application.id,
      loanQuoteId: quote.id,
      lenderId: quote.lenderId,
      country: application.country,
      signedAt,
      withdrawnAt: now,
      paidOutAt,
      currency: quote.currency,
      principal: payback.principal,
      nominalRate: quote.nominalRate,
      dailyInterest: payback.dailyInterest,
      interestDays: payback.interestDays,
      interest: payback.interest,
      total: payback.total,
      payBackBy: payback.payBackBy,
      statusBefore: from,
      statusAfter: to ?? from,
      lenderNotice: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict(withdrawalRefusals.alreadyWithdrawn, { State: 'withdrawn' });
    let current = application;
    if (to) {
      const reason = 'Withdrawn by the customer from the signed credit agreement (CCD2 art. 26)';
      current = await applyTransition(tx, application, {
        applicationId: application.id,
        to,
        actor: actorForCaller(caller, application),
        reason,
        now,
      });
      await endOpenWork(tx, { applicationId: application.id, ending: 'withdrawn', now, reason });
    }
    await enqueueJob(tx, {
      kind: NOTIFY_LENDER_OF_WITHDRAWAL_JOB,
      payload: { creditWithdrawalId: row.id },
      runAt: now,
      dedupeKey: `credit-withdrawal:${row.id}`,
      maxAttempts: 8,
    });
    await notifyApplicant(tx, {
      config: options.config,
      application: current,
      kind: 'credit-withdrawn',
      eventKey: `credit-withdrawn:${row.id}`,
      now,
    });
    await recordAudit(tx, {
      actor: caller,
      action: 'creditAgreement.withdraw',
      subjectType: 'credit-withdrawal',
      subjectId: row.id,
      loanApplicationId: application.id,
      country: application.country as never,
      details: {
        quoteId: quote.id,
        lenderId: quote.lenderId,
        statusBefore: from,
        statusAfter: to ?? from,
        paidOut: paidOutAt !== null,
      },
      at: now,
    });
    return view(current, { state: 'withdrawn', row }, null, null);
  });
}
