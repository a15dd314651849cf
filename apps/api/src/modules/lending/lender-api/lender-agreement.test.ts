import { randomUUID } from 'node:crypto';
import { lenderPanel as builtInLenders } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { createPortalLender } from '#src/modules/lending/lender-panel/portal-lender.ts';
import { createHttpLenderAdapter } from './http-lender-adapter.ts';
import { closeHttpLenders } from './http-lender-panel.ts';
import { createLenderAgreementApi, sha256Hex } from './lender-agreement.ts';
import { credentialsOf } from './lender-credentials.ts';

// The credit agreement over the lender API (issue 36 item 1, ADR 0075): the sandbox lender hands over a PDF
// and acknowledges the signed evidence; a portal lender has none to hand over yet (its upload is not built).

let sandbox: LenderSandbox;
beforeAll(async () => {
  sandbox = await startLenderSandbox({ seed: 42, delayScale: 0 });
});
afterAll(async () => sandbox?.close());

const profileOf = (lenderId: string) => builtInLenders.find((profile) => profile.id === lenderId)!;
const call = (lenderId: string) => ({
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

describe('the lender API’s credit agreement', () => {
  it('the sandbox lender hands over its PDF and acknowledges the signed evidence', async () => {
    const credentials = credentialsOf({}, { sandboxSecrets: true });
    const lenderId = 'fi-saimaa-pankki';
    const panel = lenderPanelOf([
      createHttpLenderAdapter({
        profile: profileOf(lenderId),
        endpoint: lenderEndpointSchema.parse({ url: sandbox.urlOf(lenderId), simulation: true }),
        credentials,
      }),
    ]);
    const api = createLenderAgreementApi({ panel });
    const asked = call(lenderId);
    const fetched = await api.fetchAgreement(asked);
    expect(fetched.status).toBe('ready');
    if (fetched.status !== 'ready') return;
    expect(fetched.content.subarray(0, 5).toString()).toBe('%PDF-');
    const hash = sha256Hex(fetched.content);
    await expect(
      api.sendSignedAgreement({
        lenderId,
        loanRequestId: asked.loanRequestId,
        quoteId: asked.quoteId,
        externalReference: null,
        agreementId: randomUUID(),
        documentSha256: hash,
        completedAt: new Date(),
        signatures: [
          {
            role: 'MainApplicant',
            personId: randomUUID(),
            provider: 'ftn',
            transactionId: randomUUID(),
            signedAt: new Date(),
            documentSha256: hash,
          },
        ],
      }),
    ).resolves.toBeUndefined();
    expect(sandbox.requests.get(`${lenderId}|agreement`)).toBe(2);
    closeHttpLenders(panel);
  });

  it('a portal lender has no agreement to hand over yet; one off the panel cannot answer', async () => {
    const api = createLenderAgreementApi({
      panel: lenderPanelOf([createPortalLender(profileOf('fi-saimaa-pankki'))]),
    });
    expect(await api.fetchAgreement(call('fi-saimaa-pankki'))).toEqual({ status: 'not-ready' });
    await expect(api.fetchAgreement(call('xx-nobody'))).rejects.toThrow(/not on the panel/);
  });
});
