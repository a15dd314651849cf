import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import type { RefinancingView } from '@nordloan/domain/lending/refinancing.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { signAgreementWithEid } from '#src/modules/lending/agreement-signing/test-helpers.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { closeHttpLenders, withHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';

// Issue 35 item 4 (ADR 0080) over the lender API: the sandbox lender is sent where the refinanced debt is
// paid off, pays it with the payout and confirms it with a signed `payoff-confirmed` callback; the
// applicant's refinancing view then shows the payoff confirmed.

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
}, 300_000);
afterAll(async () => {
  closeHttpLenders(panel);
  await sandbox?.close();
  await t?.close();
});

describe('payoffs over the lender API', () => {
  it('the sandbox lender pays the refinanced debt off and confirms it; the applicant sees it confirmed', async () => {
    const worker = testWorker(t, { panel });
    const application = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
    const debt = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/debt`,
      headers: bearer(application.token),
      payload: {
        DebtType: 'Unsecured',
        Creditor: 'Luottopankki',
        Balance: 6_000,
        MonthlyPayment: 250,
        IsRefinanced: true,
        PayoffAccount: 'FI21 1234 5600 0007 85',
        PayoffReference: 'RF18 5390 0754 7034',
      },
    });
    expect(debt.statusCode).toBe(201);
    await submit(t, application);
    await settle(t, worker);
    const [quote] = await listQuotes(t.database.db, application.id, ['approved']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/loan-quote/${quote!.id}/accept`,
      headers: bearer(application.token),
      payload: { Consent: true },
    });
    expect(accepted.statusCode).toBe(201);
    await settle(t, worker);
    await signAgreementWithEid(t, application, panel);
    const view = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/loan-application/${application.id}/refinancing`,
          headers: bearer(application.token),
        })
      ).json() as RefinancingView;
    for (let round = 0; round < 15 && (await view()).Payoffs[0]?.Status !== 'confirmed'; round++) {
      await settle(t, worker);
      await sandbox.callbacks.idle();
    }
    expect((await findApplicationById(t.database.db, application.id))!.status).toBe(700);
    expect((await view()).Payoffs).toEqual([
      expect.objectContaining({
        Creditor: 'Luottopankki',
        PayoffAccount: 'FI2112345600000785',
        PayoffReference: 'RF18539007547034',
        Status: 'confirmed',
        ConfirmedAmount: 6_000,
      }),
    ]);
    expect(sandbox.callbacks.delivered().every((delivery) => delivery.status < 300)).toBe(true);
  }, 300_000);
});
