import { createJobWorker } from '#src/jobs/worker.ts';
import { callbackOf, postCallback } from '#src/modules/lending/callbacks/test-helpers.ts';
import { createLenderAgreementApi } from '#src/modules/lending/lender-api/lender-agreement.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { bearer, type TestApp } from '#src/test/test-app.ts';
import { agreementSigningJobHandlers } from './agreement-signing-jobs.ts';

// Tests that take an application past the payout sign the lender's agreement first, as the applicant does
// (ADR 0077: no payout before it): the agreement read from the lender, an e-ID order started and collected
// signed on the local stand-in, and the evidence sent to the lender by its job.

/** Signs the accepted offer's agreement as the main applicant; answers when the lender has the evidence. */
export async function signAgreementWithEid(
  t: TestApp,
  application: { id: string; token: string },
  panel: LenderPanel,
): Promise<void> {
  const headers = bearer(application.token);
  const base = `/loan-application/${application.id}/agreement`;
  const shown = await t.app.inject({ method: 'GET', url: base, headers });
  if (shown.json().State !== 'awaiting-signatures')
    throw new Error(`no agreement to sign: ${shown.statusCode} ${shown.body}`);
  const started = await t.app.inject({ method: 'POST', url: `${base}/signatures`, headers, payload: {} });
  if (started.statusCode !== 201) throw new Error(`signing: ${started.statusCode} ${started.body}`);
  // The stand-in e-ID signs an order after a moment.
  t.clock.advance(2_500);
  const collected = await t.app.inject({
    method: 'GET',
    url: `${base}/signatures/${started.json().SignatureID}`,
    headers,
  });
  if (collected.json().Status !== 'signed') throw new Error(`not signed: ${collected.body}`);
  await createJobWorker({
    db: t.database.db,
    now: t.clock.now,
    retryDelayMs: () => 0,
    handlers: agreementSigningJobHandlers({ lenders: createLenderAgreementApi({ panel }) }),
  }).runUntilIdle();
}

/**
 * The lender reports, by its signed callback, that the customer signed its agreement at the lender (its own
 * signing page): the other way the payout stops waiting (ADR 0077). For tests whose applicant's e-ID stand-in
 * cancels (a national id ending in 9).
 */
export async function agreementSignedAtLender(t: TestApp, quoteId: string): Promise<void> {
  const quote = await findQuote(t.database.db, quoteId);
  if (!quote) throw new Error(`no offer ${quoteId}`);
  const message = callbackOf(quote.lenderId, {
    Type: 'agreement-signed',
    ApplicationReference: quote.loanRequestId,
    QuoteId: quote.id,
    SignedAt: t.clock.now().toISOString(),
  });
  const answer = await postCallback(t, quote.lenderId, message);
  if (answer.json().Outcome !== 'applied') throw new Error(`agreement-signed: ${answer.body}`);
}
