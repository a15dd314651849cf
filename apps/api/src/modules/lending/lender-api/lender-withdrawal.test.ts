import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { closeHttpLenders, withHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';
import { createLenderWithdrawalApi } from './lender-withdrawal.ts';

// The withdrawal notice over the lender API (CCD2 art. 26, ADR 0066): the sandbox lender checks the
// signature and acknowledges; a notice it cannot verify is no notice (the job retries); the in-process
// simulation takes it as given.

let sandbox: LenderSandbox;
beforeAll(async () => {
  sandbox = await startLenderSandbox({ seed: 42, delayScale: 0 });
});
afterAll(async () => sandbox?.close());

const simulated = () =>
  createSimulatedLenderPanel({ seed: 42, delayScale: 0, failures: false, disbursement: 'automatic' });
const call = (lenderId: string) => ({
  lenderId,
  loanRequestId: randomUUID(),
  quoteId: randomUUID(),
  externalReference: null,
  withdrawalId: randomUUID(),
  signedAt: new Date(Date.now() - 3 * 86_400_000),
  withdrawnAt: new Date(),
  currency: 'EUR',
  principal: 20_000,
  dailyInterest: 4,
  total: 20_132,
  payBackBy: new Date(Date.now() + 30 * 86_400_000),
});

function overHttp(lenderId: string, secrets: Record<string, string> = {}) {
  const credentials = credentialsOf(secrets, { sandboxSecrets: true });
  const panel = withHttpLenders(simulated(), {
    endpoints: new Map([
      [lenderId, lenderEndpointSchema.parse({ url: sandbox.urlOf(lenderId), simulation: true })],
    ]),
    credentials,
  });
  return { panel, api: createLenderWithdrawalApi({ panel }) };
}

describe('the lender API’s withdrawal notice', () => {
  it('the sandbox lender acknowledges a signed notice', async () => {
    const { panel, api } = overHttp('fi-saimaa-pankki');
    await expect(api.notifyWithdrawal(call('fi-saimaa-pankki'))).resolves.toBeUndefined();
    expect(sandbox.requests.get('fi-saimaa-pankki|notifyWithdrawal')).toBe(1);
    closeHttpLenders(panel);
  });

  it('a notice the lender cannot verify is not given (the job retries it)', async () => {
    const { panel, api } = overHttp('dk-klint-kredit', { 'dk-klint-kredit': 'not-the-sandbox-secret' });
    await expect(api.notifyWithdrawal(call('dk-klint-kredit'))).rejects.toThrow(
      /notifyWithdrawal .*HTTP 401/,
    );
    closeHttpLenders(panel);
  });

  it('a lender of the in-process simulation takes the notice; one off the panel cannot', async () => {
    const api = createLenderWithdrawalApi({ panel: simulated() });
    await expect(api.notifyWithdrawal(call('fi-saimaa-pankki'))).resolves.toBeUndefined();
    await expect(api.notifyWithdrawal(call('xx-nobody'))).rejects.toThrow(/not on the panel/);
  });
});
