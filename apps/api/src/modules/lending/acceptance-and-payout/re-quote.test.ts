import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { listQuotes } from '../loan-quote.repository.ts';

// Issue 13 item 5: one new amount or term for every open offer, without a new application; the lenders
// that can re-quote, the others say why, and the old offers stay in the history.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function withOffers() {
  const application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
  await submit(t, application);
  await settle(t, testWorker(t, { externalData: fixedExternalData() }));
  return application;
}

const reQuote = (applicationId: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/loan-application/${applicationId}/re-quote`,
    headers: bearer(token),
    payload,
  });

describe('re-quote', () => {
  it('asks every lender with an open offer; new offers replace the old, which are kept as history', async () => {
    const application = await withOffers();
    const before = await listQuotes(t.database.db, application.id, ['approved']);
    expect(before.length).toBeGreaterThan(1);

    const response = await reQuote(application.id, application.token, { Amount: 120_000 });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const lendersBefore = new Set(before.map((quote) => quote.lenderId));
    expect(new Set(result.Lenders.map((lender: { LenderID: string }) => lender.LenderID))).toEqual(
      lendersBefore,
    );

    const requoted = result.Lenders.filter((lender: { Outcome: string }) => lender.Outcome === 're-quoted');
    expect(requoted.length).toBeGreaterThan(0);
    const all = await listQuotes(t.database.db, application.id);
    for (const lender of requoted) {
      const created = all.find((quote) => quote.id === lender.NewQuoteID)!;
      expect(created.amount).toBe(120_000);
      expect(created.replacesQuoteId).toBe(lender.PreviousQuoteID);
      expect(all.find((quote) => quote.id === lender.PreviousQuoteID)?.status).toBe('superseded');
    }
    for (const lender of result.Lenders.filter((l: { Outcome: string }) => l.Outcome === 'declined'))
      expect(lender.Reason).toEqual(expect.any(String));

    // The history (v1) still lists the replaced offers.
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/loan-quote-presentation/application/${application.id}/quotes`,
        headers: bearer(application.token),
      })
    ).json();
    expect(history.filter((quote: { Status: string }) => quote.Status === 'superseded').length).toBe(
      requoted.length,
    );

    // The same figures again change nothing for the lenders that already gave them.
    const again = (await reQuote(application.id, application.token, { Amount: 120_000 })).json();
    for (const lender of requoted)
      expect(again.Lenders.find((l: { LenderID: string }) => l.LenderID === lender.LenderID).Outcome).toBe(
        'unchanged',
      );
  });

  it('refuses figures outside the brand’s bounds, bad bodies, other callers and applications not deciding', async () => {
    const application = await withOffers();
    const outside = await reQuote(application.id, application.token, { Amount: 5 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Bad).toBe(true);
    expect((await reQuote(application.id, application.token, {})).statusCode).toBe(400);
    expect((await reQuote(application.id, application.token, { DurationMonths: 30 })).statusCode).toBe(400);
    expect((await reQuote(application.id, application.token, { Amount: 'many' })).statusCode).toBe(400);

    const stranger = await createCompleteApplication(t, { country: 'NO' });
    expect((await reQuote(application.id, stranger.token, { Amount: 120_000 })).statusCode).toBe(404);
    // Not yet submitted: nothing to re-quote.
    const notDeciding = await reQuote(stranger.id, stranger.token, { Amount: 120_000 });
    expect(notDeciding.statusCode).toBe(409);
  });
});
