import { lenderPanel as builtInLenders } from '@nordloan/domain/lending/lender-panel';
import { applicationStatus } from '@nordloan/domain/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { listCallbacksOfApplication } from '#src/modules/lending/callbacks/callback-inbox.repository.ts';
import { callbackOf, postCallback } from '#src/modules/lending/callbacks/test-helpers.ts';
import { createHttpLenderAdapter } from '#src/modules/lending/lender-api/http-lender-adapter.ts';
import { closeHttpLenders } from '#src/modules/lending/lender-api/http-lender-panel.ts';
import { credentialsOf } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findAgreementOfQuote } from './agreement-signing.repository.ts';
import { signAgreementWithEid } from './test-helpers.ts';

// The payout waits for the signed agreement (ADR 0077), over the sandbox lender: after the acceptance the
// lender hands over its agreement and is asked for its payout decision — it answers `pending` and approves
// nothing before it has the signatures; a payout approval and a payout report the lender sends before the
// signing are kept and wait (the application stays at 510); when the applicant has signed with e-ID and the
// lender has the evidence, they are acted on in the lender's order (510 → 600 → 610 → 700), each recorded
// once, and the lender's own late approval changes nothing.

const callbackHost = 'payout-after-signing.test';
let sandbox: LenderSandbox;
let t: TestApp;
const credentials = credentialsOf({}, { sandboxSecrets: true });
const panel = () =>
  lenderPanelOf(
    builtInLenders.map((profile) =>
      createHttpLenderAdapter({
        profile,
        endpoint: lenderEndpointSchema.parse({
          url: sandbox.urlOf(profile.id),
          simulation: true,
          callbackUrl: `http://${callbackHost}/lender-api/callbacks/${profile.id}`,
        }),
        credentials,
      }),
    ),
  );
let lenders: ReturnType<typeof panel>;

beforeAll(async () => {
  sandbox = await startLenderSandbox({
    seed: 42,
    delayScale: 0,
    disbursement: 'callback',
    stepDelayMs: 5,
    callbackRetryDelayMs: () => 20,
    // The sandbox's callbacks go into this test's app.
    async deliverCallback({ url, body, headers }) {
      const answer = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers,
        payload: body,
      });
      return answer.statusCode;
    },
  });
  lenders = panel();
  t = await createTestApp({
    config: {
      lenderApi: { lenders: {}, sandboxUrl: undefined, secrets: {}, sandbox: { enabled: false, port: 0 } },
    },
    deps: { panel: lenders, lenderCredentials: credentials },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  closeHttpLenders(lenders);
  await sandbox?.close();
});

const statusOf = async (applicationId: string) =>
  (await findApplicationById(t.database.db, applicationId))?.status;

/** An application whose offer the sandbox lender confirmed (510), and that offer. */
async function acceptedAt510(worker: ReturnType<typeof testWorker>) {
  const application = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
  await submit(t, application);
  await settle(t, worker);
  const [quote] = await listQuotes(t.database.db, application.id, ['approved']);
  if (!quote) throw new Error('no offer from the sandbox lenders');
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/loan-quote/${quote.id}/accept`,
    headers: bearer(application.token),
    payload: { Consent: true },
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  await settle(t, worker);
  await sandbox.callbacks.idle();
  expect(await statusOf(application.id)).toBe(applicationStatus.pendingDisbursementApproval);
  return { application, quote };
}

const payoutCallbacks = (quote: { id: string; lenderId: string; loanRequestId: string }) => {
  const common = { ApplicationReference: quote.loanRequestId, QuoteId: quote.id };
  return {
    approval: callbackOf(quote.lenderId, { Type: 'disbursement-decision', ...common, Decision: 'approved' }),
    payout: callbackOf(quote.lenderId, { Type: 'disbursed', ...common, Reference: 'early-payout' }),
  };
};

describe('the payout waits for the signed agreement', () => {
  it('keeps an early payout approval and payout report, and acts on them once the agreement is signed', async () => {
    const worker = testWorker(t, { panel: lenders });
    const { application, quote } = await acceptedAt510(worker);
    // The lender confirmed the acceptance; it is not asked for its payout decision before the signing.
    expect(sandbox.requests.get(`${quote.lenderId}|requestDisbursementDecision`)).toBeUndefined();
    expect(sandbox.callbacks.delivered().filter((d) => d.message.Type === 'disbursement-decision')).toEqual(
      [],
    );

    // The applicant opens the agreement: the lender hands it over.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${application.id}/agreement`,
      headers: bearer(application.token),
    });
    expect(shown.json()).toMatchObject({ State: 'awaiting-signatures', QuoteID: quote.id });

    // A lender that reports its approval and the payout before the signing: kept, waiting.
    const { approval, payout } = payoutCallbacks(quote);
    for (const message of [payout, approval]) {
      const kept = await postCallback(t, quote.lenderId, message);
      expect(kept.statusCode, kept.body).toBe(202);
      expect(kept.json().Outcome).toBe('waiting');
    }
    // Asking again changes nothing either.
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(applicationStatus.pendingDisbursementApproval);

    // The applicant signs with e-ID; the evidence goes to the lender; then the payout that waited goes on.
    const signedAt = t.clock.now();
    await signAgreementWithEid(t, application, lenders);
    await settle(t, worker);
    await sandbox.callbacks.idle();
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(applicationStatus.loanDisbursed);

    const kept = await listCallbacksOfApplication(t.database.db, application.id);
    const ours = (message: { MessageId: string }) =>
      kept.filter((row) => row.messageId === message.MessageId);
    expect(ours(approval)).toHaveLength(1);
    expect(ours(payout)).toHaveLength(1);
    expect(ours(approval)[0]).toMatchObject({ state: 'applied' });
    expect(ours(payout)[0]).toMatchObject({ state: 'applied' });
    expect(ours(payout)[0]!.settledAt!.getTime()).toBeGreaterThanOrEqual(signedAt.getTime());
    // The reports that waited were acted on first: the application no longer waited for a decision, so the
    // lender was never asked for one, and sent none of its own.
    expect(sandbox.requests.get(`${quote.lenderId}|requestDisbursementDecision`)).toBeUndefined();
    const fromSandbox = sandbox.callbacks
      .delivered()
      .filter((d) => d.message.Type === 'disbursement-decision' && d.message.QuoteId === quote.id);
    expect(fromSandbox).toEqual([]);
  }, 120_000);

  it('holds a payout approval and payout reported before the agreement is even opened', async () => {
    const worker = testWorker(t, { panel: lenders });
    const { application, quote } = await acceptedAt510(worker);
    // Nobody has opened the agreement: we hold no copy of it yet — the payout waits all the same.
    expect(await findAgreementOfQuote(t.database.db, quote.id)).toBeUndefined();
    const { approval, payout } = payoutCallbacks(quote);
    for (const message of [approval, payout]) {
      const kept = await postCallback(t, quote.lenderId, message);
      expect(kept.statusCode, kept.body).toBe(202);
      expect(kept.json().Outcome).toBe('waiting');
    }
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(applicationStatus.pendingDisbursementApproval);

    await signAgreementWithEid(t, application, lenders);
    await settle(t, worker);
    await sandbox.callbacks.idle();
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(applicationStatus.loanDisbursed);
    const kept = await listCallbacksOfApplication(t.database.db, application.id);
    for (const message of [approval, payout])
      expect(kept.find((row) => row.messageId === message.MessageId)).toMatchObject({ state: 'applied' });
  }, 120_000);

  it("takes the lender's own signed report that the agreement is signed as the signing", async () => {
    const worker = testWorker(t, { panel: lenders });
    const { application, quote } = await acceptedAt510(worker);
    const { approval, payout } = payoutCallbacks(quote);
    expect((await postCallback(t, quote.lenderId, approval)).json().Outcome).toBe('waiting');
    // The customer signed at the lender's own signing page; the lender says so, signed: the approval that
    // waited takes effect in the same delivery, and the payout report after it.
    const signed = callbackOf(quote.lenderId, {
      Type: 'agreement-signed',
      ApplicationReference: quote.loanRequestId,
      QuoteId: quote.id,
      SignedAt: t.clock.now().toISOString(),
    });
    expect((await postCallback(t, quote.lenderId, signed)).json().Outcome).toBe('applied');
    const kept = await listCallbacksOfApplication(t.database.db, application.id);
    expect(kept.find((row) => row.messageId === approval.MessageId)).toMatchObject({ state: 'applied' });
    expect(await statusOf(application.id)).toBe(applicationStatus.approvedForDisbursement);
    await settle(t, worker);
    expect((await postCallback(t, quote.lenderId, payout)).json().Outcome).toBe('applied');
    expect(await statusOf(application.id)).toBe(applicationStatus.loanDisbursed);
  }, 120_000);
});
