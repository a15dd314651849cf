import type { LoanApplication, PatchLoanApplication } from '@nordloan/domain/loan-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '#src/lib/caller.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertApplicationLock, releaseApplicationLocks } from './application-lock.repository.ts';
import { findApplicationById, findApplicationWithParts } from './application-read.repository.ts';
import { buildSnapshot, findRevision } from './application-revision.repository.ts';
import {
  changeRowFieldsIfRevisionUnchanged,
  updateApplicationStatus,
} from './application-write.repository.ts';
import { patchApplication } from './loan-application-patch.service.ts';
import {
  countRows,
  createApplicationAs,
  freshNationalId,
  newApplicant,
  unsecuredNo,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

// PATCH /loan-application/{id} and …/step-complete (§7): partial changes, revisions, locks, co-applicants.

describe('PATCH /loan-application/{id}', () => {
  it('changes only the fields sent, bumps Revision and writes a revision', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token, { ...unsecuredNo, Data: { keep: 1, drop: 2 } });
    const response = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      Revision: 1,
      Amount: 200000,
      LoanPurpose: 'Renovation',
      Data: { drop: null, added: 'x' },
      MainApplicant: { MaritalStatus: 'Married', NetMonthlyIncome: 40000 },
    });
    expect(response.statusCode).toBe(200);
    const patched: LoanApplication = response.json();
    expect(patched).toMatchObject({
      Amount: 200000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      Revision: 2,
      Data: { keep: 1, added: 'x' },
    });
    expect(patched.MainApplicant).toMatchObject({ MaritalStatus: 'Married', NetMonthlyIncome: 40000 });
    expect(await countRows(t, 'loan_application_revision', created.ID)).toBe(2);
  });

  it('adds a co-applicant by national id; DELETE …/co-applicant takes them off again', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const patched = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      ApplicantMode: 'SwapApplicants',
      CoApplicant: { NationalID: freshNationalId(), FirstName: 'Kari', NetMonthlyIncome: 30000 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().CoApplicantPersonID).toEqual(expect.any(String));
    expect(patched.json().CoApplicant).toMatchObject({ NetMonthlyIncome: 30000 });

    const removed = await inject('DELETE', `/loan-application/${created.ID}/co-applicant`, me.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      CoApplicantPersonID: null,
      CoApplicant: null,
      ApplicantMode: 'Normal',
    });
    // Nothing left to remove: answers the application unchanged.
    const again = await inject('DELETE', `/loan-application/${created.ID}/co-applicant`, me.token);
    expect(again.json().Revision).toBe(removed.json().Revision);
    // Their part stays in the earlier revisions: they are recorded as a former applicant (ADR 0033).
    const formerOf = async () =>
      (
        await t.database.withSession((session) =>
          session.query<{ person_id: string }>(
            'SELECT person_id FROM loan_application_former_applicant WHERE loan_application_id = $1',
            [created.ID],
          ),
        )
      ).map((row) => row.person_id);
    const first = patched.json().CoApplicantPersonID as string;
    expect(await formerOf()).toEqual([first]);
    // A co-applicant replaced by another is a former applicant too.
    const second = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      CoApplicant: { NationalID: freshNationalId() },
    });
    const third = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      CoApplicant: { NationalID: freshNationalId() },
    });
    expect(third.statusCode).toBe(200);
    expect((await formerOf()).sort()).toEqual([first, second.json().CoApplicantPersonID].sort());
  });

  it('refuses an invalid co-applicant national id and the main applicant as co-applicant (400)', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const bad = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      CoApplicant: { NationalID: '01019012345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0].Field).toBe('CoApplicant.NationalID');
  });

  it('writes the same revision snapshot as one built from the stored application (sub-records too)', async () => {
    // A PATCH that leaves the applicants alone makes its snapshot from the lock read (one statement for
    // the UPDATE and the revision): it must equal what reading everything back gives.
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token, { ...unsecuredNo, Data: { keep: 1, drop: 2 } });
    const debt = await inject('POST', `/loan-application/${created.ID}/debt`, me.token, {
      DebtType: 'CreditCard',
      Balance: 25000,
    });
    expect(debt.statusCode).toBe(201);
    const before = (
      await inject('GET', `/loan-application/${created.ID}`, me.token)
    ).json() as LoanApplication;
    const response = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      Revision: before.Revision,
      Amount: 180000,
      Duration: 7,
      Data: { drop: null, added: 'x' },
    });
    expect(response.statusCode).toBe(200);
    const patched = response.json() as LoanApplication;
    expect(patched).toMatchObject({ Revision: before.Revision + 1, Amount: 180000, Duration: 7 });
    expect(patched.MainApplicant).toEqual(before.MainApplicant);

    const stored = await findApplicationById(t.database.db, created.ID);
    const revision = await findRevision(t.database.db, created.ID, patched.Revision);
    const expected = await buildSnapshot(t.database.db, stored!);
    expect(revision?.snapshot).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(revision?.snapshot).toMatchObject({ Data: { keep: 1, added: 'x' }, Debts: [{ Balance: 25000 }] });
    // The answer is the application as read back.
    expect(patched).toEqual((await inject('GET', `/loan-application/${created.ID}`, me.token)).json());
  });

  it('concurrent PATCHes of one application: each written once, at a Revision of its own, its snapshot what it wrote', async () => {
    // Most PATCHes are written without the lock, at the Revision read (ADR 0046); at once on one
    // application (on PostgreSQL) some find it changed meanwhile and are made again under the lock.
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const amounts = Array.from({ length: 20 }, (_, index) => 100_000 + index * 10_000);
    const responses = await Promise.all(
      amounts.map((Amount) => inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(amounts.map(() => 200));
    const revisions = (await inject('GET', `/loan-application/${created.ID}/revisions`, me.token)).json() as {
      Revision: number;
    }[];
    expect(revisions.map((revision) => revision.Revision)).toEqual(
      Array.from({ length: 21 }, (_, index) => index + 1),
    );
    const written: number[] = [];
    for (let number = 2; number <= 21; number++) {
      const snapshot = (await findRevision(t.database.db, created.ID, number))?.snapshot;
      expect(snapshot).toMatchObject({ Revision: number });
      written.push((snapshot as { Amount: number }).Amount);
    }
    expect([...written].sort()).toEqual(amounts);
    // Each answer is the application as its own PATCH left it.
    for (const response of responses) {
      const answer = response.json() as LoanApplication;
      expect(written[answer.Revision - 2]).toBe(answer.Amount);
    }
    const final = (await inject('GET', `/loan-application/${created.ID}`, me.token)).json();
    expect(final).toMatchObject({ Revision: 21, Amount: written.at(-1) });
  });

  it('a PATCH of the row alone is written without a transaction; one of an applicant takes the lock', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const caller: Caller = {
      kind: 'customer',
      customerId: me.CustomerID,
      personId: me.PersonID,
      roles: [{ Name: 'Customer' }],
      email: null,
      tokenId: 'test',
    };
    let transactions = 0;
    const counting = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'transaction') transactions++;
        return Reflect.get(target, property, receiver);
      },
    });
    const patch = (input: PatchLoanApplication) =>
      patchApplication({ db: counting, caller, now: t.clock.now, id: created.ID, input });
    expect(await patch({ Amount: 170000, LoanPurpose: 'Holiday' })).toMatchObject({ Amount: 170000 });
    expect(transactions).toBe(0);
    expect(await patch({ MainApplicant: { JobTitle: 'Sveiser' } })).toMatchObject({
      MainApplicant: { JobTitle: 'Sveiser' },
    });
    expect(transactions).toBe(1);
  });

  it('a change at the Revision read writes nothing after a sub-record was added meanwhile', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const read = await findApplicationWithParts(t.database.db, created.ID);
    const debt = await inject('POST', `/loan-application/${created.ID}/debt`, me.token, {
      DebtType: 'CreditCard',
      Balance: 25000,
    });
    expect(debt.statusCode).toBe(201);
    const change = {
      row: read!.row,
      parts: read!.parts,
      changes: { amount: 170000 },
      changedBy: 'test',
      reason: 'patched',
      now: t.clock.now(),
    };
    expect(await changeRowFieldsIfRevisionUnchanged(t.database.db, change)).toBeUndefined();
    // Through the API the PATCH is made again under the lock; its snapshot has the debt.
    const patched = await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 170000 });
    const revision = await findRevision(t.database.db, created.ID, patched.json().Revision);
    expect(revision?.snapshot).toMatchObject({ Amount: 170000, Debts: [{ Balance: 25000 }] });
  });

  it('a change at the Revision read writes nothing once the application has moved on', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const read = await findApplicationWithParts(t.database.db, created.ID);
    await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    const change = {
      row: read!.row,
      parts: read!.parts,
      changedBy: 'test',
      reason: 'patched',
      now: t.clock.now(),
    };
    expect(
      await changeRowFieldsIfRevisionUnchanged(t.database.db, { ...change, changes: { amount: 170000 } }),
    ).toBeUndefined();
    expect(await findApplicationById(t.database.db, created.ID)).toMatchObject({
      amount: 160000,
      revision: 2,
    });
    expect(await countRows(t, 'loan_application_revision', created.ID)).toBe(2);
    // Only the row's own fields: anything else goes through the change under the lock.
    await expect(
      changeRowFieldsIfRevisionUnchanged(t.database.db, { ...change, changes: { status: 160 } }),
    ).rejects.toThrow(/not one of the row's own fields/);
  });

  it('answers 409 for a stale Revision and changes nothing', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000, Revision: 1 });
    const stale = await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      Amount: 170000,
      Revision: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ Bad: true, Revision: 2 });
    const now = (await inject('GET', `/loan-application/${created.ID}`, me.token)).json();
    expect(now).toMatchObject({ Amount: 160000, Revision: 2 });
    expect(await countRows(t, 'loan_application_revision', created.ID)).toBe(2);
  });

  it('answers 409 while a lender holds a lock, and works again once it is released', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await insertApplicationLock(t.database.db, {
      applicationId: created.ID,
      originalRevision: 1,
      lockedBy: 'lender:test-bank',
      now: t.clock.now(),
    });
    expect((await inject('GET', `/loan-application/${created.ID}`, me.token)).json().IsLocked).toBe(true);
    const locked = await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe('Application is locked while a lender processes it');
    const step = await inject('PATCH', `/loan-application/${created.ID}/step-complete`, me.token, {
      Step: 'loan',
    });
    expect(step.statusCode).toBe(409);
    expect((await findApplicationById(t.database.db, created.ID))?.revision).toBe(1);

    await releaseApplicationLocks(t.database.db, { applicationId: created.ID, now: t.clock.now() });
    expect(
      (await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 })).statusCode,
    ).toBe(200);
  });

  it('answers 409 to an applicant once the status has left the Editable group; staff may still change it', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, created.ID, 310, { changedBy: 'test', now: t.clock.now() });
    const response = await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    expect(response.statusCode).toBe(409);
    expect(response.json().Message).toBe('Application can no longer be changed');
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect(
      (await inject('PATCH', `/loan-application/${created.ID}`, sales, { Amount: 160000 })).statusCode,
    ).toBe(200);
  });

  it('answers 403 with applicationIDs when a Product change would make a second active application of that product', async () => {
    const me = await newApplicant(t);
    const card = await createApplicationAs(t, me.token, {
      Product: 'CreditCard',
      Brand: 'no-main',
      Amount: 50000,
    });
    const loan = await createApplicationAs(t, me.token);
    const response = await inject('PATCH', `/loan-application/${loan.ID}`, me.token, {
      Product: 'CreditCard',
      Amount: 50000,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Bad: true, applicationIDs: [card.ID] });
    expect((await inject('GET', `/loan-application/${loan.ID}`, me.token)).json()).toMatchObject({
      Product: 'UnsecuredLoan',
      Revision: 1,
    });
  });

  it('re-checks the bounds on a Product change (400) and clears Duration for a credit card', async () => {
    const me = await newApplicant(t);
    const loan = await createApplicationAs(t, me.token, { ...unsecuredNo, Amount: 500000 });
    const tooHigh = await inject('PATCH', `/loan-application/${loan.ID}`, me.token, {
      Product: 'CreditCard',
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().Errors[0].Field).toBe('Amount');
    const card = await inject('PATCH', `/loan-application/${loan.ID}`, me.token, {
      Product: 'CreditCard',
      Amount: 50000,
    });
    expect(card.json()).toMatchObject({ Product: 'CreditCard', Duration: null });
  });

  it('answers 400 for bad input and for an empty body, changing nothing', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    for (const payload of [
      {},
      { Revision: 1 },
      { Amount: -5 },
      { MainApplicant: { MaritalStatus: 'Complicated' } },
      { Duration: 0 },
    ]) {
      const response = await inject('PATCH', `/loan-application/${created.ID}`, me.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Bad).toBe(true);
    }
    expect((await inject('GET', `/loan-application/${created.ID}`, me.token)).json().Revision).toBe(1);
  });
});

describe('PATCH /loan-application/{id}/step-complete', () => {
  it('records the step and the steps done so far, each once, with a revision', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await inject('PATCH', `/loan-application/${created.ID}/step-complete`, me.token, { Step: 'loan' });
    await inject('PATCH', `/loan-application/${created.ID}/step-complete`, me.token, { Step: 'employment' });
    const response = await inject('PATCH', `/loan-application/${created.ID}/step-complete`, me.token, {
      Step: 'loan',
      Revision: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      CurrentStep: 'loan',
      CompletedSteps: ['loan', 'employment'],
      Revision: 4,
    });
    const revisions = (await inject('GET', `/loan-application/${created.ID}/revisions`, me.token)).json();
    expect(revisions.map((revision: { Reason: string }) => revision.Reason)).toEqual([
      'created',
      'step-complete:loan',
      'step-complete:employment',
      'step-complete:loan',
    ]);
    const bad = await inject('PATCH', `/loan-application/${created.ID}/step-complete`, me.token, {
      Step: 'Not A Step!',
    });
    expect(bad.statusCode).toBe(400);
  });
});
