import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LenderAdapter,
  LenderUnavailableError,
  lenderPanelOf,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { testLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { listQuotes } from '../loan-quote.repository.ts';

// A lender that cannot be reached when the applicant changes an offer: 503 with a message to try again,
// the old offer still open — not a 500 (found while building the re-quote, issue 13).

let t: TestApp;
beforeAll(async () => {
  // The sandbox lenders over HTTP, each refusing to be reached for an offer change.
  const sandboxLenders = await testLenderPanel();
  const unreachableOnChange = sandboxLenders.all().map(
    (adapter): LenderAdapter =>
      Object.assign(Object.create(adapter) as LenderAdapter, {
        changeOffer: async () => {
          throw new LenderUnavailableError(adapter.profile.id, 'changeOffer');
        },
      }),
  );
  t = await createTestApp({ deps: { panel: lenderPanelOf(unreachableOnChange) } });
});
afterAll(() => t.close());

describe('changing an offer while the lender is unreachable', () => {
  it('answers 503 in the bad-result shape and keeps the offer open', async () => {
    const application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const [offer] = await listQuotes(t.database.db, application.id, ['approved']);
    expect(offer).toBeDefined();

    const response = await t.app.inject({
      method: 'POST',
      url: `/loan-quote/${offer!.id}/change`,
      headers: bearer(application.token),
      payload: { DurationMonths: offer!.durationMonths === 36 ? 48 : 36 },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ Bad: true, Message: expect.stringContaining('Try again later') });
    const after = await listQuotes(t.database.db, application.id, ['approved']);
    expect(after.map((quote) => quote.id)).toContain(offer!.id);
  });
});
