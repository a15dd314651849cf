import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertQuotesOnce, listQuotes, type NewLoanQuoteRow } from './loan-quote.repository.ts';
import { insertLoanRequests, listLoanRequests } from './loan-request.repository.ts';

// Several quotes in one insert (ADR 0044) against the real database: each stored once per request and
// origin, a second run creating nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('insertQuotesOnce', () => {
  it('stores the offers of several requests in one insert, each once; a second run creates nothing', async () => {
    const application = await createCompleteApplication(t);
    const db = t.database.db;
    const now = new Date('2026-11-20T10:00:00Z');
    await insertLoanRequests(db, { applicationId: application.id, lenderIds: ['a', 'b'], now });
    const [a, b] = await listLoanRequests(db, application.id);
    const quote = (request: typeof a, originKey: string, status: string): NewLoanQuoteRow => ({
      loanApplicationId: application.id,
      loanRequestId: request!.id,
      lenderId: request!.lenderId,
      originKey,
      currency: 'NOK',
      amount: 100_000,
      durationMonths: 60,
      nominalRate: 9.9,
      startupFee: 0,
      monthlyFee: 0,
      feeHandling: 'upfront',
      offerType: 'Annuity',
      loanKind: 'Consumer',
      decision: 'approved',
      status,
      expiresAt: new Date('2026-12-20T10:00:00Z'),
      createdAt: now,
      updatedAt: now,
    });
    const rows = [
      quote(a, 'decision:0', 'approved'),
      quote(a, 'decision:1', 'withheld'),
      quote(b, 'decision:0', 'approved'),
    ];

    const first = await insertQuotesOnce(db, rows);
    expect(first.map(({ created }) => created)).toEqual([true, true, true]);
    expect(first.map(({ quote }) => [quote.lenderId, quote.originKey, quote.status])).toEqual([
      ['a', 'decision:0', 'approved'],
      ['a', 'decision:1', 'withheld'],
      ['b', 'decision:0', 'approved'],
    ]);

    // A retried job: the same rows, one of them new.
    const again = await insertQuotesOnce(db, [rows[2]!, quote(b, 'decision:1', 'approved'), rows[0]!]);
    expect(again.map(({ created }) => created)).toEqual([false, true, false]);
    expect(again[0]!.quote.id).toBe(first[2]!.quote.id);
    expect(again[2]!.quote.id).toBe(first[0]!.quote.id);
    expect(await listQuotes(db, application.id)).toHaveLength(4);
    expect(await insertQuotesOnce(db, [])).toEqual([]);
  });
});
