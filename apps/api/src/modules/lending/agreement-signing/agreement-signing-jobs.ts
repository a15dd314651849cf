import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { JobContext, JobHandlers } from '#src/jobs/worker.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import type { LenderAgreementApi } from '#src/modules/lending/lender-api/lender-agreement.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import {
  findAgreementById,
  listSignatures,
  setAgreementLenderNotice,
} from './agreement-signing.repository.ts';
import { SEND_SIGNED_AGREEMENT_JOB } from './agreement-signing.service.ts';

// Sending the signed agreement's evidence to the lender (ADR 0075), as a job: the applicant's answer does
// not wait for a lender, and one that does not answer is asked again with the worker's backoff. After the
// last try the notice is marked `failed` (audited) for staff to pass on; the signing stands either way. Once
// the lender has the notice, the payout that waited for the signing goes on (ADR 0077).

const systemActor = { kind: 'system', name: SEND_SIGNED_AGREEMENT_JOB } as const;

async function send(context: JobContext, api: LenderAgreementApi) {
  const agreement = await findAgreementById(context.db, String(context.job.payload.agreementId));
  if (!agreement?.completedAt || agreement.lenderNotice === 'sent') return context.finish();
  const quote = await findQuote(context.db, agreement.loanQuoteId);
  const request = quote ? await findLoanRequest(context.db, quote.loanRequestId) : undefined;
  if (!quote || !request) return context.finish();
  const signatures = (await listSignatures(context.db, agreement.id)).filter(
    (row) => row.status === 'signed',
  );
  await api.sendSignedAgreement({
    lenderId: agreement.lenderId,
    loanRequestId: request.id,
    quoteId: quote.id,
    externalReference: request.externalReference,
    agreementId: agreement.id,
    documentSha256: agreement.sha256,
    completedAt: agreement.completedAt,
    signatures: signatures.map((row) => ({
      role: row.role,
      personId: row.personId,
      provider: row.provider,
      transactionId: row.orderRef,
      signedAt: row.signedAt ?? agreement.completedAt!,
      documentSha256: row.documentSha256,
    })),
  });
  const now = context.now();
  await context.finish(async (tx) => {
    await setAgreementLenderNotice(tx, { id: agreement.id, notice: 'sent', now });
    // The lender has the signatures: now, and only now, it is asked whether it pays out (ADR 0077) — and what
    // it reported while the signing was awaited is acted on (payout-jobs.ts).
    await enqueueJob(tx, {
      kind: jobKinds.lenderDisbursementDecision,
      payload: { quoteId: quote.id },
      dedupeKey: `${jobKinds.lenderDisbursementDecision}:${quote.id}:signed`,
      runAt: now,
    });
    await recordAudit(tx, {
      actor: systemActor,
      action: 'loanAgreement.sentToLender',
      subjectType: 'loan-agreement',
      subjectId: agreement.id,
      loanApplicationId: agreement.loanApplicationId,
      details: { lenderId: agreement.lenderId },
      at: now,
    });
  });
}

export function agreementSigningJobHandlers(options: { lenders: LenderAgreementApi }): JobHandlers {
  return {
    [SEND_SIGNED_AGREEMENT_JOB]: {
      run: (context) => send(context, options.lenders),
      async onFinalFailure({ job, tx, now }) {
        const agreement = await findAgreementById(tx, String(job.payload.agreementId));
        if (!agreement || agreement.lenderNotice === 'sent') return;
        await setAgreementLenderNotice(tx, { id: agreement.id, notice: 'failed', now });
        await recordAudit(tx, {
          actor: systemActor,
          action: 'loanAgreement.lenderNoticeFailed',
          subjectType: 'loan-agreement',
          subjectId: agreement.id,
          loanApplicationId: agreement.loanApplicationId,
          details: { lenderId: agreement.lenderId },
          at: now,
        });
      },
    },
  };
}
