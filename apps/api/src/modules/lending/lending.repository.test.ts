import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  insertLoanRequests,
  insertQuotesOnce,
  listLoanRequests,
  listQuotes,
  type NewLoanQuoteRow,
  updateLoanRequests,
} from './lending.repository.ts';

// The set-based change of several loan requests (ADR 0044) against the real database: each row gets its
// own values, a field a change leaves out keeps its value, and the rows come back as the table's rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('updateLoanRequests', () => {
  it('changes each request with its own values in one statement and keeps the fields left out', async () => {
    const application = await createCompleteApplication(t);
    const db = t.database.db;
    const created = new Date('2026-11-20T10:00:00Z');
    await insertLoanRequests(db, { applicationId: application.id, lenderIds: ['a', 'b', 'c'], now: created });
    const [a, b, c] = await listLoanRequests(db, application.id);
    const registeredAt = new Date('2026-11-20T10:00:01Z');
    await updateLoanRequests(db, [{ id: a!.id, status: 319, reason: 'Not decided yet' }], registeredAt);

    const now = new Date('2026-11-20T10:00:05Z');
    const changed = await updateLoanRequests(
      db,
      [
        { id: a!.id, status: 351, decidedAt: now },
        { id: b!.id, status: 251, externalReference: "b:O'Brien;--", registeredAt },
        { id: c!.id, status: 266, reasonCode: 'BANK_FILTER', reason: 'Outside the filter', decidedAt: now },
      ],
      now,
    );

    expect(changed).toHaveLength(3);
    const byLender = Object.fromEntries(
      (await listLoanRequests(db, application.id)).map((row) => [row.lenderId, row]),
    );
    // The reason of the earlier change stays: this change left it out.
    expect(byLender.a).toMatchObject({
      status: 351,
      reason: 'Not decided yet',
      decidedAt: now,
      updatedAt: now,
    });
    expect(byLender.b).toMatchObject({
      status: 251,
      externalReference: "b:O'Brien;--",
      registeredAt,
      decidedAt: null,
      reasonCode: null,
    });
    expect(byLender.c).toMatchObject({ status: 266, reasonCode: 'BANK_FILTER', decidedAt: now });
    // Answered as the table's rows (camel case, dates as Date), the same as a read gives.
    for (const row of changed) expect(row).toEqual(byLender[row.lenderId]);
    expect(await updateLoanRequests(db, [], now)).toEqual([]);
  });
});

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
