import { createJobWorker } from '#src/jobs/worker.ts';
import { createLenderAgreementApi } from '#src/modules/lending/lender-api/lender-agreement.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
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
