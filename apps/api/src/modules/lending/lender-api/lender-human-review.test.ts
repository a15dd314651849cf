import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { closeHttpLenders, withHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';
import { createLenderReviewApi } from './lender-human-review.ts';

// A review of a lender's decline forwarded over the lender API (CCD2 art. 18(8), ADR 0065): the sandbox
// lender checks the signature and answers in its own language; a lender that cannot check our signature,
// and a lender of the in-process simulation, as they are.

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
  const panel = withHttpLenders(simulated(), {
    endpoints: new Map([
      [lenderId, lenderEndpointSchema.parse({ url: sandbox.urlOf(lenderId), simulation: true })],
    ]),
    credentials,
  });
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

  it('a lender of the in-process simulation answers as the simulation does', async () => {
    const api = createLenderReviewApi({ panel: simulated() });
    expect((await api.requestReview(call('fi-saimaa-pankki'))).explanation).toMatch(
      /Kielteinen päätös pysyy/,
    );
    await expect(api.requestReview(call('xx-nobody'))).rejects.toThrow(/not on the panel/);
  });
});
