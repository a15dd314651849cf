import { randomUUID } from 'node:crypto';
import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLender } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { LenderAnswerError } from '#src/modules/lending/fan-out/lender-calls.ts';
import { LenderUnavailableError } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { createHttpLenderAdapter, type HttpLenderAdapter } from './http-lender-adapter.ts';
import { credentialsOf, sandboxLenderSecret } from './lender-credentials.ts';

// Contract tests of the HTTP lender adapter against the sandbox lender on a free port (issue 33): the same
// answers as the in-process panel, a retried call never a second application, retries only on 5xx and
// timeouts, a hanging lender costs its timeout, garbage is the lender failing, the circuit and the rate limit.

const seed = 42;
let sandbox: LenderSandbox;
const adapters: HttpLenderAdapter[] = [];

beforeAll(async () => {
  sandbox = await startLenderSandbox({ seed, delayScale: 0, faults: { hangMs: 3_000 } });
});
afterAll(async () => {
  for (const adapter of adapters) adapter.close();
  await sandbox?.close();
});

const profileOf = (id: string) => lenderPanel.find((profile) => profile.id === id)!;

function adapterFor(
  lenderId: string,
  settings: Record<string, unknown> = {},
  options: { secret?: string; clock?: () => Date } = {},
) {
  const adapter = createHttpLenderAdapter({
    profile: profileOf(lenderId),
    endpoint: lenderEndpointSchema.parse({ url: sandbox.urlOf(lenderId), simulation: true, ...settings }),
    credentials: credentialsOf({ [lenderId]: options.secret ?? sandboxLenderSecret(lenderId) }),
    backoffMs: () => 10,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  adapters.push(adapter);
  return adapter;
}

function application(overrides: Partial<LenderApplication> = {}): LenderApplication {
  return {
    randomnessKey: randomUUID().slice(0, 12),
    country: 'NO',
    currency: 'NOK',
    product: 'UnsecuredLoan',
    amount: 150_000,
    durationMonths: 60,
    purpose: 'Renovation',
    applicants: [
      {
        role: 'MainApplicant',
        age: 40,
        grossYearlyIncome: 720_000,
        netMonthlyIncome: 45_000,
        employmentType: 'Permanent',
        housingCostMonthly: 8_000,
        hasPaymentRemarks: false,
        hasNationalId: true,
        hasAddress: true,
      },
    ],
    debts: [],
    rateBand: { low: 6.9, high: 22.9 },
    isDuplicateAtLender: false,
    property: null,
    ...overrides,
  };
}

const callOf = (view: LenderApplication) => ({
  requestId: randomUUID(),
  applicationId: randomUUID(),
  randomnessKey: view.randomnessKey,
  attempt: 1,
  application: view,
});

const requestsTo = (lenderId: string, operation: string) =>
  sandbox.requests.get(`${lenderId}|${operation}`) ?? 0;

describe('the HTTP lender adapter against the sandbox lender', () => {
  it('answers what the in-process panel answers, for every Norwegian lender', async () => {
    for (const profile of lenderPanel.filter((candidate) => candidate.country === 'NO')) {
      const http = adapterFor(profile.id);
      const local = createSimulatedLender(profile, { seed, delayScale: 0, failures: false });
      for (const amount of [60_000, 150_000, 450_000]) {
        const view = application({ amount, randomnessKey: `key-${amount}` });
        const call = callOf(view);
        const registered = await http.registerApplication(call);
        expect(registered).toEqual(await local.registerApplication(call));
        // The engine asks only a lender that registered the application for its decision.
        if (registered.status !== 'registered') continue;
        const overHttp = await http.fetchDecision(call);
        const inProcess = await local.fetchDecision(call);
        expect(overHttp).toEqual(inProcess);
      }
    }
  });

  it('registers once when the answer is lost and the call retried with its idempotency key', async () => {
    const lenderId = 'no-fjordbanken';
    const adapter = adapterFor(lenderId);
    const call = callOf(application());
    sandbox.script(lenderId, 'lost-answer', 'unavailable');
    const result = await adapter.registerApplication(call);
    expect(result.status).toBe('registered');
    expect(sandbox.lender(lenderId)!.registrations.get(call.requestId)).toBe(1);
    // The job retried later (a new message, the same key): the same registration, still one.
    expect(await adapter.registerApplication({ ...call, attempt: 2 })).toEqual(result);
    expect(sandbox.lender(lenderId)!.registrations.get(call.requestId)).toBe(1);
    expect(adapter.stats().retries).toBeGreaterThanOrEqual(2);
  });

  it('gives up on a lender that hangs after its timeout, and on one that drops the connection', async () => {
    const lenderId = 'no-nordlys-kreditt';
    const adapter = adapterFor(lenderId, { timeoutMs: 200, retries: 1 });
    sandbox.script(lenderId, 'hang', 'hang');
    const started = Date.now();
    await expect(adapter.registerApplication(callOf(application()))).rejects.toThrow(LenderUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
    sandbox.script(lenderId, 'close-connection');
    expect((await adapter.registerApplication(callOf(application()))).status).toBe('registered');
  });

  it('takes garbage as the lender failing, without retrying it', async () => {
    const lenderId = 'no-vidde-finans';
    for (const fault of ['garbage-schema', 'garbage-nan', 'other-amount', 'other-application'] as const) {
      const adapter = adapterFor(lenderId);
      const call = callOf(application({ randomnessKey: `garbage-${fault}` }));
      await adapter.registerApplication(call);
      const before = requestsTo(lenderId, 'fetchDecision');
      sandbox.script(lenderId, fault);
      const error = await adapter.fetchDecision(call).catch((caught: unknown) => caught);
      expect(error, fault).toBeInstanceOf(LenderAnswerError);
      expect(requestsTo(lenderId, 'fetchDecision') - before, fault).toBe(1);
      expect(adapter.stats().calls.get('fetchDecision|bad-answer'), fault).toBe(1);
    }
  });

  it('refuses nothing signed with another secret: the lender answers 401, a lender error', async () => {
    const adapter = adapterFor('no-fjordbanken', {}, { secret: 'x'.repeat(40) });
    await expect(adapter.registerApplication(callOf(application()))).rejects.toThrow(/HTTP 401/);
  });

  it('opens the circuit after repeated failures, calls nothing while open, then tries one call', async () => {
    const lenderId = 'no-fjordbanken';
    let now = Date.now();
    const adapter = adapterFor(
      lenderId,
      { retries: 0, failureThreshold: 2, openMs: 60_000 },
      { clock: () => new Date(now) },
    );
    sandbox.script(lenderId, 'unavailable', 'unavailable');
    for (let i = 0; i < 2; i++) {
      await expect(adapter.registerApplication(callOf(application()))).rejects.toThrow(
        LenderUnavailableError,
      );
    }
    expect(adapter.circuit()).toMatchObject({ state: 'open', consecutiveFailures: 2, timesOpened: 1 });
    const before = requestsTo(lenderId, 'registerApplication');
    await expect(adapter.registerApplication(callOf(application()))).rejects.toThrow(/circuit open/);
    expect(requestsTo(lenderId, 'registerApplication')).toBe(before);
    now += 60_000;
    expect(adapter.circuit().state).toBe('half-open');
    sandbox.script(lenderId, 'unavailable');
    await expect(adapter.registerApplication(callOf(application()))).rejects.toThrow(LenderUnavailableError);
    expect(adapter.circuit()).toMatchObject({ state: 'open', timesOpened: 2 });
    now += 60_000;
    expect((await adapter.registerApplication(callOf(application()))).status).toBe('registered');
    expect(adapter.circuit()).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });

  it('keeps to its outbound rate limit', async () => {
    const adapter = adapterFor('se-norrsken-finans', { ratePerSecond: 10, burst: 1 });
    const view = application({ country: 'SE', currency: 'SEK', rateBand: { low: 4.9, high: 19.9 } });
    const started = Date.now();
    await Promise.all([0, 1, 2, 3].map(() => adapter.registerApplication(callOf(view))));
    // One at once, then one every 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });
});
