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
import { createLenderReviewApi } from './lender-human-review.ts';

// A review of a lender's decline forwarded over the lender API (CCD2 art. 18(8), ADR 0065): the sandbox
// lender checks the signature and answers in its own language; a lender that cannot check our signature
// gives no answer; a portal lender cannot be asked (its portal takes no reviews yet): no answer is made up.

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
  externalReference: null,
  reviewId: randomUUID(),
  code: 266,
  reasonCode: 'BANK_FILTER_INCOME',
  applicantView: 'My income has gone up since I applied.',
  answerBy: new Date(Date.now() + 7 * 86_400_000),
  now: new Date(),
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
  return { panel, api: createLenderReviewApi({ panel }) };
}

describe('the lender API’s human-review operation', () => {
  it('the sandbox lender answers a signed request, in its language', async () => {
    const { panel, api } = overHttp('se-malar-kredit');
    const answer = await api.requestReview(call('se-malar-kredit'));
    expect(answer.outcome).toBe('upheld');
    expect(answer.explanation).toMatch(/Avslaget står fast/);
    expect(sandbox.requests.get('se-malar-kredit|requestHumanReview')).toBe(1);
    closeHttpLenders(panel);
  });

  it('a request the lender cannot verify is not an answer (the job retries it)', async () => {
    const { panel, api } = overHttp('dk-klint-kredit', { 'dk-klint-kredit': 'not-the-sandbox-secret' });
    await expect(api.requestReview(call('dk-klint-kredit'))).rejects.toThrow(/requestHumanReview .*HTTP 401/);
    closeHttpLenders(panel);
  });

  it('a portal lender cannot be asked (the job retries, then staff answer); one off the panel neither', async () => {
    const api = createLenderReviewApi({ panel: portalPanel('fi-saimaa-pankki') });
    await expect(api.requestReview(call('fi-saimaa-pankki'))).rejects.toThrow(LenderUnavailableError);
    await expect(api.requestReview(call('fi-saimaa-pankki'))).rejects.toThrow(/lender portal/);
    await expect(api.requestReview(call('xx-nobody'))).rejects.toThrow(/not on the panel/);
  });
});
