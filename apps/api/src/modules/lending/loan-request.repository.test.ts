import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertLoanRequests, listLoanRequests, updateLoanRequests } from './loan-request.repository.ts';

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
