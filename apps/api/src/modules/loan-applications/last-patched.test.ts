import type { LoanApplication } from '@nordloan/domain/loan-application';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '#src/db/client.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertApplicationLock } from './application-lock.repository.ts';
import { findApplicationById, findApplicationWithParts } from './application-read.repository.ts';
import { findRevision } from './application-revision.repository.ts';
import { changeRowFieldsIfRevisionUnchanged } from './application-write.repository.ts';
import {
  LAST_PATCHED_LIMIT,
  LAST_PATCHED_MAX_AGE_MS,
  LAST_PATCHED_MAX_SNAPSHOT,
  type PatchedState,
  recallPatched,
  rememberPatched,
} from './last-patched.ts';
import { countRows, createApplicationAs, newApplicant } from './test-fixtures.ts';

// A row-only PATCH starts from the application as this process's last PATCH of it wrote it, and writes at
// that Revision with no lender's lock (last-patched.ts, ADR 0049): one statement instead of two, and never
// an answer or a snapshot made from a state the application has left.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/loan-application/${id}`, headers: bearer(token), payload });

/** Changes the row behind the API's back, WITHOUT bumping its Revision (what no writer of the app does). */
async function setPurposeUnseen(id: string, purpose: string) {
  await t.database.db.execute(sql`UPDATE loan_application SET loan_purpose = ${purpose} WHERE id = ${id}`);
}

async function applicantWithPatchedApplication() {
  const me = await newApplicant(t);
  const created = await createApplicationAs(t, me.token);
  const first = await patch(created.ID, me.token, { Amount: 160_000 });
  expect(first.statusCode).toBe(200);
  return { me, id: created.ID, first: first.json() as LoanApplication };
}

describe('a PATCH after this process’s own last PATCH of the application', () => {
  it('starts from the state that PATCH wrote, without reading the application again', async () => {
    const { me, id, first } = await applicantWithPatchedApplication();
    // Were the second PATCH to read the row, it would see (and keep) this purpose.
    await setPurposeUnseen(id, 'Vehicle');
    const second = await patch(id, me.token, { Amount: 170_000 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ Amount: 170_000, LoanPurpose: first.LoanPurpose, Revision: 3 });
    expect(await findApplicationById(t.database.db, id)).toMatchObject({
      amount: 170_000,
      loanPurpose: first.LoanPurpose,
      revision: 3,
    });
  });

  it('is not remembered when its snapshot is large: the next PATCH reads the application', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const notes = 'x'.repeat(LAST_PATCHED_MAX_SNAPSHOT);
    expect((await patch(created.ID, me.token, { Data: { notes } })).statusCode).toBe(200);
    await setPurposeUnseen(created.ID, 'Vehicle');
    const second = await patch(created.ID, me.token, { Amount: 170_000 });
    expect(second.json()).toMatchObject({ Amount: 170_000, LoanPurpose: 'Vehicle', Data: { notes } });
  });

  it('reads afresh once someone else moved the application on: its answer and snapshot hold their change', async () => {
    const { me, id } = await applicantWithPatchedApplication();
    const debt = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${id}/debt`,
      headers: bearer(me.token),
      payload: { DebtType: 'CreditCard', Balance: 25_000 },
    });
    expect(debt.statusCode).toBe(201);
    const second = await patch(id, me.token, { Amount: 170_000 });
    expect(second.statusCode).toBe(200);
    const answer = second.json() as LoanApplication;
    expect(answer.Revision).toBe(4);
    expect((await findRevision(t.database.db, id, 4))?.snapshot).toMatchObject({
      Amount: 170_000,
      Revision: 4,
      Debts: [{ Balance: 25_000 }],
    });
    expect(await countRows(t, 'loan_application_revision', id)).toBe(4);
  });

  it('answers the Revision the application is at, not the remembered one’s refusal', async () => {
    const { me, id } = await applicantWithPatchedApplication();
    // A sub-record moves it to Revision 3; the applicant's app read that and sends it back.
    await t.app.inject({
      method: 'POST',
      url: `/loan-application/${id}/debt`,
      headers: bearer(me.token),
      payload: { DebtType: 'CreditCard', Balance: 25_000 },
    });
    const second = await patch(id, me.token, { Amount: 170_000, Revision: 3 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ Amount: 170_000, Revision: 4 });
    // A Revision that really is stale is still refused, with the one the application is at.
    const stale = await patch(id, me.token, { Amount: 180_000, Revision: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ Bad: true, Revision: 4 });
  });

  it('answers 409 once a lender holds the application, though the lock did not move its Revision', async () => {
    const { me, id } = await applicantWithPatchedApplication();
    await insertApplicationLock(t.database.db, {
      applicationId: id,
      originalRevision: 2,
      lockedBy: 'lender:test-bank',
      now: t.clock.now(),
    });
    const locked = await patch(id, me.token, { Amount: 170_000 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe('Application is locked while a lender processes it');
    expect(await findApplicationById(t.database.db, id)).toMatchObject({ amount: 160_000, revision: 2 });
  });

  it('refuses another applicant as a fresh read does (404), whatever it remembers', async () => {
    const { id } = await applicantWithPatchedApplication();
    const other = await newApplicant(t);
    const response = await patch(id, other.token, { Amount: 170_000 });
    expect(response.statusCode).toBe(404);
    expect(await findApplicationById(t.database.db, id)).toMatchObject({ amount: 160_000, revision: 2 });
  });
});

describe('the write at the Revision read', () => {
  it('writes nothing while a lender holds the application, though its Revision is the one read', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const read = await findApplicationWithParts(t.database.db, created.ID);
    await insertApplicationLock(t.database.db, {
      applicationId: created.ID,
      originalRevision: 1,
      lockedBy: 'lender:test-bank',
      now: t.clock.now(),
    });
    const written = await changeRowFieldsIfRevisionUnchanged(t.database.db, {
      row: read!.row,
      parts: read!.parts,
      changes: { amount: 170_000 },
      changedBy: 'test',
      reason: 'patched',
      now: t.clock.now(),
    });
    expect(written).toBeUndefined();
    expect(await findApplicationById(t.database.db, created.ID)).toMatchObject({ revision: 1 });
  });
});

describe('the memory of PATCHed applications', () => {
  const stateOf = (id: string) => ({ row: { id }, parts: {} }) as unknown as PatchedState;
  const remember = (handle: Executor, id: string, snapshotLength = 1_600, at?: number) =>
    rememberPatched(handle, id, stateOf(id), snapshotLength, at);

  it(`holds at most ${LAST_PATCHED_LIMIT} per database handle, the least recently written going first`, () => {
    const handle = {} as Executor;
    for (let index = 0; index < LAST_PATCHED_LIMIT - 1; index++) remember(handle, `a${index}`);
    // Written again: the newest now, so not the next to go.
    remember(handle, 'a0');
    remember(handle, 'full');
    expect(recallPatched(handle, 'a1')).toBeDefined();
    remember(handle, 'over');
    expect(recallPatched(handle, 'a0')).toBeDefined();
    expect(recallPatched(handle, 'a1')).toBeUndefined();
    expect(recallPatched(handle, 'a2')).toBeDefined();
    expect(recallPatched(handle, 'over')).toBeDefined();
  });

  it('is kept per database handle', () => {
    const one = {} as Executor;
    const other = {} as Executor;
    remember(one, 'x');
    expect(recallPatched(one, 'x')).toBeDefined();
    expect(recallPatched(other, 'x')).toBeUndefined();
  });

  it(`keeps no state whose snapshot is over ${LAST_PATCHED_MAX_SNAPSHOT} characters, and forgets the one before it`, () => {
    const handle = {} as Executor;
    remember(handle, 'x', LAST_PATCHED_MAX_SNAPSHOT);
    expect(recallPatched(handle, 'x')).toBeDefined();
    remember(handle, 'x', LAST_PATCHED_MAX_SNAPSHOT + 1);
    expect(recallPatched(handle, 'x')).toBeUndefined();
  });

  it('uses a state for ten minutes after it was written, not longer', () => {
    const handle = {} as Executor;
    const writtenAt = 1_000_000;
    remember(handle, 'x', 1_600, writtenAt);
    expect(recallPatched(handle, 'x', writtenAt + LAST_PATCHED_MAX_AGE_MS)).toBeDefined();
    expect(recallPatched(handle, 'x', writtenAt + LAST_PATCHED_MAX_AGE_MS + 1)).toBeUndefined();
    // Gone, not only hidden.
    expect(recallPatched(handle, 'x', writtenAt)).toBeUndefined();
  });
});
