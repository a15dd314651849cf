import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLender } from '@nordloan/domain/lending/lender-panel';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { type LenderCall, lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { createHttpLenderAdapter } from './http-lender-adapter.ts';
import { closeHttpLenders } from './http-lender-panel.ts';
import { createLenderAgreementApi } from './lender-agreement.ts';
import { registerLenderApiMetrics } from './lender-api-metrics.ts';
import { credentialsOf } from './lender-credentials.ts';
import { createLenderWithdrawalApi } from './lender-withdrawal.ts';

// The operations beside the adapter's go through the lender's one HTTP client (ADR 0077): a circuit the
// fan-out's failures opened stops an agreement or withdrawal call without the network, failures of those
// calls open it for the fan-out, and /metrics counts them by operation and outcome.

const lenderId = 'fi-saimaa-pankki';

/** A lender that is down: every request answered 503, and counted. */
let down: Server;
let downRequests = 0;
let downUrl = '';
let sandbox: LenderSandbox;
beforeAll(async () => {
  down = createServer((request, response) => {
    downRequests += 1;
    request.resume();
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"Message":"Down"}');
  });
  await new Promise<void>((listening) => down.listen(0, '127.0.0.1', listening));
  downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}/${lenderId}`;
  sandbox = await startLenderSandbox({ seed: 42, delayScale: 0 });
});
afterAll(async () => {
  await new Promise<void>((closed) => down?.close(() => closed()));
  await sandbox?.close();
});

function panelAt(url: string) {
  const adapter = createHttpLenderAdapter({
    profile: findLender(lenderId)!,
    endpoint: lenderEndpointSchema.parse({
      url,
      retries: 1,
      failureThreshold: 2,
      openMs: 60_000,
      simulation: true,
    }),
    credentials: credentialsOf({}, { sandboxSecrets: true }),
    backoffMs: () => 1,
  });
  const panel = lenderPanelOf([adapter]);
  const registry = new Registry();
  registerLenderApiMetrics(registry, panel);
  return { panel, adapter, registry };
}

// A decision poll reads nothing of the application before the lender answers.
const decisionCall = () =>
  ({
    requestId: randomUUID(),
    applicationId: randomUUID(),
    randomnessKey: 'k',
    attempt: 1,
    application: {},
  }) as unknown as LenderCall & Parameters<ReturnType<typeof panelAt>['adapter']['fetchDecision']>[0];

const withdrawal = () => ({
  lenderId,
  loanRequestId: randomUUID(),
  quoteId: randomUUID(),
  externalReference: null,
  withdrawalId: randomUUID(),
  signedAt: new Date(Date.now() - 86_400_000),
  withdrawnAt: new Date(),
  currency: 'EUR',
  principal: 20_000,
  dailyInterest: 4,
  total: 20_004,
  payBackBy: new Date(Date.now() + 30 * 86_400_000),
});

const agreement = () => ({
  lenderId,
  lenderName: 'Saimaan Pankki',
  loanRequestId: randomUUID(),
  quoteId: randomUUID(),
  externalReference: null,
  amount: 20_000,
  durationMonths: 60,
  nominalRate: 7.9,
  currency: 'EUR',
});

const callsMetric = async (registry: Registry) =>
  (await registry.getSingleMetricAsString('nordloan_lender_calls_total')).split('\n');

describe('the operations beside the adapter share its client', () => {
  it("a circuit the fan-out's failures opened stops an agreement and a withdrawal call without the network", async () => {
    const { panel, adapter, registry } = panelAt(downUrl);
    const agreements = createLenderAgreementApi({ panel });
    const withdrawals = createLenderWithdrawalApi({ panel });
    await expect(adapter.fetchDecision(decisionCall())).rejects.toThrow(/HTTP 503/);
    await expect(adapter.fetchDecision(decisionCall())).rejects.toThrow(/HTTP 503/);
    expect(adapter.circuit().state).toBe('open');
    const before = downRequests;
    await expect(withdrawals.notifyWithdrawal(withdrawal())).rejects.toThrow(
      /notifyWithdrawal.*circuit open/,
    );
    await expect(agreements.fetchAgreement(agreement())).rejects.toThrow(/fetchAgreement.*circuit open/);
    expect(downRequests).toBe(before);
    const lines = await callsMetric(registry);
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="fetchDecision",outcome="unavailable"} 2`,
    );
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="notifyWithdrawal",outcome="circuit-open"} 1`,
    );
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="fetchAgreement",outcome="circuit-open"} 1`,
    );
    closeHttpLenders(panel);
  });

  it("failed withdrawal and agreement calls (retried on the 503) open the circuit for the fan-out's calls", async () => {
    const { panel, adapter, registry } = panelAt(downUrl);
    const before = downRequests;
    await expect(createLenderWithdrawalApi({ panel }).notifyWithdrawal(withdrawal())).rejects.toThrow(
      /notifyWithdrawal.*HTTP 503/,
    );
    await expect(createLenderAgreementApi({ panel }).fetchAgreement(agreement())).rejects.toThrow(
      /fetchAgreement.*HTTP 503/,
    );
    // One retry each (retries: 1): the same message twice.
    expect(downRequests - before).toBe(4);
    expect(adapter.circuit().state).toBe('open');
    await expect(adapter.fetchDecision(decisionCall())).rejects.toThrow(/circuit open/);
    expect(downRequests - before).toBe(4);
    expect(adapter.stats().retries).toBe(2);
    const lines = await callsMetric(registry);
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="notifyWithdrawal",outcome="unavailable"} 1`,
    );
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="fetchDecision",outcome="circuit-open"} 1`,
    );
    closeHttpLenders(panel);
  });

  it('a lender that answers is counted ok per operation, and a closed circuit stays closed', async () => {
    const { panel, adapter, registry } = panelAt(sandbox.urlOf(lenderId));
    await createLenderWithdrawalApi({ panel }).notifyWithdrawal(withdrawal());
    const fetched = await createLenderAgreementApi({ panel }).fetchAgreement(agreement());
    expect(fetched.status).toBe('ready');
    expect(adapter.circuit().state).toBe('closed');
    const lines = await callsMetric(registry);
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="notifyWithdrawal",outcome="ok"} 1`,
    );
    expect(lines).toContain(
      `nordloan_lender_calls_total{lender="${lenderId}",operation="fetchAgreement",outcome="ok"} 1`,
    );
    closeHttpLenders(panel);
  });
});
