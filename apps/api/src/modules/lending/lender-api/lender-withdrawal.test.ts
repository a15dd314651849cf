import { randomUUID } from 'node:crypto';
import { lenderPanel as builtInLenders } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { LenderUnavailableError, lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { createPortalLender } from '#src/modules/lending/lender-panel/portal-lender.ts';
import { createHttpLenderAdapter } from './http-lender-adapter.ts';
import { closeHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';
import { createLenderWithdrawalApi } from './lender-withdrawal.ts';

// The withdrawal notice over the lender API (CCD2 art. 26, ADR 0066): the sandbox lender checks the
// signature and acknowledges; a notice it cannot verify is no notice (the job retries); nor is one to a
// portal lender, whose portal shows no withdrawals yet (staff pass it on after the last try).

let sandbox: LenderSandbox;
beforeAll(async () => {
  sandbox = await startLenderSandbox({ seed: 42, delayScale: 0 });
});
afterAll(async () => sandbox?.close());

const profileOf = (lenderId: string) => builtInLenders.find((profile) => profile.id === lenderId)!;
/** A panel of one portal lender: the only lender on a panel not called over HTTP (ADR 0083). */
const portalPanel = (lenderId: string) => lenderPanelOf([createPortalLender(profileOf(lenderId))]);
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
  const panel = lenderPanelOf([
    createHttpLenderAdapter({
      profile: profileOf(lenderId),
      endpoint: lenderEndpointSchema.parse({ url: sandbox.urlOf(lenderId), simulation: true }),
      credentials,
    }),
  ]);
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

  it('a portal lender is not told by the API (never marked sent), nor one off the panel', async () => {
    const api = createLenderWithdrawalApi({ panel: portalPanel('fi-saimaa-pankki') });
    await expect(api.notifyWithdrawal(call('fi-saimaa-pankki'))).rejects.toThrow(LenderUnavailableError);
    await expect(api.notifyWithdrawal(call('xx-nobody'))).rejects.toThrow(/not on the panel/);
  });
});
