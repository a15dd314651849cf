import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { signAgreementWithEid } from '#src/modules/lending/agreement-signing/test-helpers.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { closeHttpLenders, withHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';

// The lending engine with the Finnish lenders called over HTTP (issue 33 item 2): the sandbox lender on a
// free port, its callbacks delivered to the app as signed requests. The engine takes an application to 700
// through the lender API; a lender answering garbage ends as a lender error with its reason and none of
// it shown; a lender that is down costs the others nothing and its circuit shows it.

const finnish = lenderPanel.filter((profile) => profile.country === 'FI').map((profile) => profile.id);
let sandbox: LenderSandbox;
let t: TestApp;
let panel: LenderPanel;

beforeAll(async () => {
  sandbox = await startLenderSandbox({
    seed: 42,
    delayScale: 0,
    disbursement: 'callback',
    stepDelayMs: 10,
    callbackUrl: 'http://nordloan.test/lender-api/callbacks',
    callbackRetryDelayMs: () => 20,
    // Signed callbacks into the app, as a lender's would come over the network.
    deliverCallback: async ({ url, body, headers }) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
  });
  panel = withHttpLenders(createSimulatedLenderPanel({ seed: 42, delayScale: 1, failures: false }), {
    endpoints: new Map(
      finnish.map((id) => [
        id,
        lenderEndpointSchema.parse({
          url: sandbox.urlOf(id),
          simulation: true,
          retries: 1,
          failureThreshold: 3,
          openMs: 3_600_000,
          pollIntervalMs: 1_000,
        }),
      ]),
    ),
    credentials: credentialsOf({}, { sandboxSecrets: true }),
    backoffMs: () => 5,
  });
  t = await createTestApp({ deps: { panel } });
}, 120_000);
afterAll(async () => {
  closeHttpLenders(panel);
  await sandbox?.close();
  await t?.close();
});

const statusOf = async (id: string) => (await findApplicationById(t.database.db, id))!.status;

describe('the lending engine over the lender API', () => {
  it('asks the Finnish lenders over HTTP and takes the application to 700 by signed callbacks', async () => {
    const worker = testWorker(t, { panel });
    const application = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
    await submit(t, application);
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(410);
    for (const id of finnish)
      expect(sandbox.requests.get(`${id}|registerApplication`)).toBeGreaterThanOrEqual(1);
    const [quote] = await listQuotes(t.database.db, application.id, ['approved']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/loan-quote/${quote!.id}/accept`,
      headers: bearer(application.token),
      payload: { Consent: true },
    });
    expect(accepted.statusCode).toBe(201);
    // The lender confirms over HTTP; the applicant signs its agreement with e-ID (ADR 0077: no payout
    // before); then the lender approves and pays out by callbacks.
    await settle(t, worker);
    expect(await statusOf(application.id)).toBe(510);
    await signAgreementWithEid(t, application, panel);
    for (let round = 0; round < 10 && (await statusOf(application.id)) !== 700; round++) {
      await settle(t, worker);
      await sandbox.callbacks.idle();
    }
    expect(await statusOf(application.id)).toBe(700);
    const history = (await listStatusTransitions(t.database.db, application.id)).map((step) => step.toStatus);
    expect(history.slice(-5)).toEqual([500, 510, 600, 610, 700]);
    expect(sandbox.callbacks.delivered().every((delivery) => delivery.status < 300)).toBe(true);
  }, 120_000);

  it('records garbage as the lender’s error, never an offer, and a lender that is down delays nothing else', async () => {
    const [healthy, garbage, down] = ['fi-saimaa-pankki', 'fi-kuusi-rahoitus', 'fi-aalto-luotto'];
    sandbox.scriptOperation(garbage!, 'fetchDecision', ...Array(20).fill('garbage-schema'));
    sandbox.script(down!, ...Array(20).fill('unavailable'));
    const worker = testWorker(t, { panel });
    const application = await createCompleteApplication(t, { country: 'FI', amount: 15_000, duration: 4 });
    await submit(t, application);
    // The first round: the healthy lender registered the application while the one that is down failed.
    await worker.runUntilIdle();
    const firstRound = await listLoanRequests(t.database.db, application.id);
    expect(firstRound.find((request) => request.lenderId === healthy)!.status).toBe(251);
    await settle(t, worker);
    const requests = await listLoanRequests(t.database.db, application.id);
    const byLender = (id: string) => requests.find((request) => request.lenderId === id)!;
    expect(byLender(garbage!)).toMatchObject({ status: 369, reasonCode: 'BANK_ERROR' });
    expect(byLender(garbage!).reason).toMatch(/answered fetchDecision: an answer outside the lender API/);
    expect(byLender(down!)).toMatchObject({ status: 263 });
    expect([351, 361, 363, 369, 411]).toContain(byLender(healthy!).status);
    const quotes = await listQuotes(t.database.db, application.id);
    expect(quotes.every((quote) => quote.lenderId === healthy)).toBe(true);

    // Its circuit opened: staff see it, and so does /metrics.
    const staff = await t.staffToken([{ Name: 'Super' }]);
    const circuits = await t.app.inject({
      method: 'GET',
      url: '/backoffice/lender-api/circuits',
      headers: bearer(staff),
    });
    expect(circuits.statusCode).toBe(200);
    const lenders = circuits.json().Lenders as Array<{
      LenderID: string;
      State: string;
      TimesOpened: number;
    }>;
    expect(lenders.map((lender) => lender.LenderID).sort()).toEqual([...finnish].sort());
    expect(lenders.find((lender) => lender.LenderID === down)).toMatchObject({
      State: 'open',
      TimesOpened: 1,
    });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`nordloan_lender_circuit_state{lender="${down}"} 2`);
    expect(metrics.body).toMatch(
      new RegExp(
        `nordloan_lender_calls_total\\{lender="${garbage}",operation="fetchDecision",outcome="bad-answer"\\} [1-9]`,
      ),
    );
  }, 120_000);
});
