import type { QuotesPresentationV2 } from '@nordloan/domain/lending/loan-quote.schema';
import { rankForApplicant } from '@nordloan/domain/lending/offer-ranking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 38: one recommendation, consistent with the ranking the personal page shows — the recommended offer
// is the first of the applicant ranking (offers for the amount and term asked first, by total cost), and
// the sentence names its lender.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const url = (id: string) => `/loan-quote-presentation/product-recommendation/loan-application/${id}`;

describe('the product recommendation', () => {
  it('is the first offer of the ranking, named in the brand language', async () => {
    const application = await createCompleteApplication(t, { country: 'SE', amount: 200_000, duration: 6 });
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const presentation = (
      await t.app.inject({
        method: 'GET',
        url: `/loan-quote-presentation/v2/application/${application.id}/quotes`,
        headers: bearer(application.token),
      })
    ).json() as QuotesPresentationV2;
    const offers = presentation.Groups.flatMap((group) => group.Quotes);
    expect(offers.length).toBeGreaterThan(1);
    const first = rankForApplicant(offers, { amount: 200_000, durationMonths: 72 })[0]!;

    const computed = await t.app.inject({
      method: 'POST',
      url: url(application.id),
      headers: bearer(application.token),
    });
    expect(computed.statusCode).toBe(201);
    expect(computed.json().LoanQuoteID).toBe(first.ID);
    expect(computed.json().Text).toMatch(new RegExp(`^Vi rekommenderar ${first.Lender.Name}: `));
    const latest = await t.app.inject({
      method: 'GET',
      url: `${url(application.id)}/latest`,
      headers: bearer(application.token),
    });
    expect(latest.json()).toEqual(computed.json());
  });
});
