import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertApplicationLock } from './application-lock.repository.ts';
import { updateApplicationStatus } from './application-write.repository.ts';
import { countRows, createApplicationAs, freshNationalId, newApplicant } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const examples = {
  car: { create: { Ownership: 'Owned', Make: 'Volvo', ModelYear: 2019 }, change: { MonthlyCost: 2500 } },
  child: { create: { BirthYear: 2016 }, change: { SharedCustody: true } },
  debt: {
    create: {
      DebtType: 'CreditCard',
      Creditor: 'Bank Norwegian',
      Balance: 25000,
      CreditLimit: 50000,
      InterestRate: 0.2195,
    },
    // A refinanced debt names where it is paid off (ADR 0080): a Norwegian account and KID.
    change: {
      IsRefinanced: true,
      MonthlyPayment: 1200,
      PayoffAccount: '86011117947',
      PayoffReference: '79927398713',
    },
  },
  expense: { create: { CategoryID: 3, MonthlyAmount: 1500 }, change: { MonthlyAmount: 1800 } },
} as const;

describe.each(Object.entries(examples))('/loan-application/{id}/%s', (kind, example) => {
  it('POST adds, GET lists, PATCH changes fields by ID, DELETE removes by ID — each a revision', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    const url = `/loan-application/${application.ID}/${kind}`;

    const created = await call('POST', url, me.token, example.create);
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({
      ...example.create,
      OwnerRole: 'MainApplicant',
      LoanApplicationID: application.ID,
    });
    expect(record.ID).toEqual(expect.any(String));

    const listed = await call('GET', url, me.token);
    expect(listed.json()).toEqual([record]);

    const changed = await call('PATCH', url, me.token, { ID: record.ID, ...example.change });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...example.create, ...example.change, ID: record.ID });

    // DELETE sends ID: in the body…
    const removed = await call('DELETE', url, me.token, { ID: record.ID });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', url, me.token)).json()).toEqual([]);
    // …or in the query.
    const again = (await call('POST', url, me.token, example.create)).json();
    expect((await call('DELETE', `${url}?ID=${again.ID}`, me.token)).statusCode).toBe(204);
    expect((await call('DELETE', `${url}?ID=${again.ID}`, me.token)).statusCode).toBe(404);

    const application2 = (await call('GET', `/loan-application/${application.ID}`, me.token)).json();
    expect(application2.Revision).toBe(6);
    const reasons = (await call('GET', `/loan-application/${application.ID}/revisions`, me.token))
      .json()
      .map((revision: { Reason: string }) => revision.Reason);
    expect(reasons).toEqual([
      'created',
      `${kind}-added`,
      `${kind}-changed`,
      `${kind}-removed`,
      `${kind}-added`,
      `${kind}-removed`,
    ]);
    // The snapshot carries the sub-records as they then were.
    const afterAdd = (await call('GET', `/loan-application/${application.ID}/revisions/2`, me.token)).json();
    const plural = { car: 'Cars', child: 'Children', debt: 'Debts', expense: 'Expenses' }[kind]!;
    expect(afterAdd.Snapshot[plural]).toHaveLength(1);
  });

  it('answers 400 for bad input, a missing ID and a co-applicant owner on an application without one; nothing changes', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    const url = `/loan-application/${application.ID}/${kind}`;
    for (const [method, payload] of [
      ['POST', {}],
      ['POST', { ...example.create, OwnerRole: 'Neighbour' }],
      ['POST', { ...example.create, OwnerRole: 'CoApplicant' }],
      ['PATCH', example.change],
      ['PATCH', { ID: 'nope', ...example.change }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, url, me.token, payload);
      expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().Bad).toBe(true);
    }
    expect(await countRows(t, kind, application.ID)).toBe(0);
    expect((await call('GET', `/loan-application/${application.ID}`, me.token)).json().Revision).toBe(1);
  });

  it('answers 404 for a record of another application, and 409 while locked', async () => {
    const me = await newApplicant(t);
    const mine = await createApplicationAs(t, me.token);
    const other = await newApplicant(t);
    const theirs = await createApplicationAs(t, other.token);
    const record = (
      await call('POST', `/loan-application/${theirs.ID}/${kind}`, other.token, example.create)
    ).json();
    expect(
      (
        await call('PATCH', `/loan-application/${mine.ID}/${kind}`, me.token, {
          ID: record.ID,
          ...example.change,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/loan-application/${mine.ID}/${kind}`, me.token, { ID: record.ID })).statusCode,
    ).toBe(404);

    await insertApplicationLock(t.database.db, {
      applicationId: mine.ID,
      originalRevision: 1,
      lockedBy: 'lender:test',
      now: t.clock.now(),
    });
    const locked = await call('POST', `/loan-application/${mine.ID}/${kind}`, me.token, example.create);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe('Application is locked while a lender processes it');
  });
});

describe('debts from the national debt register (source 2)', () => {
  it('applicants cannot enter them, change their figures or remove them, but may mark them for refinancing; staff may', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    const url = `/loan-application/${application.ID}/debt`;
    const asApplicant = await call('POST', url, me.token, {
      DebtType: 'Unsecured',
      Balance: 40000,
      Source: 2,
    });
    expect(asApplicant.statusCode).toBe(400);
    expect(asApplicant.json().Errors[0].Field).toBe('Source');

    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const registered = await call('POST', url, sales, {
      DebtType: 'Unsecured',
      Balance: 40000,
      Source: 2,
      ExternalRef: 'GR-1',
    });
    expect(registered.statusCode).toBe(201);
    const debt = registered.json();
    expect((await call('PATCH', url, me.token, { ID: debt.ID, Balance: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', url, me.token, { ID: debt.ID })).statusCode).toBe(403);
    const refinance = await call('PATCH', url, me.token, {
      ID: debt.ID,
      IsRefinanced: true,
      PayoffAccount: '86011117947',
      PayoffReference: '79927398713',
    });
    expect(refinance.statusCode).toBe(200);
    expect(refinance.json()).toMatchObject({ Balance: 40000, Source: 2, IsRefinanced: true });
  });
});

describe('co-applicant records', () => {
  it('take a co-applicant owner once there is one, and go when the co-applicant is removed', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    await call('PATCH', `/loan-application/${application.ID}`, me.token, {
      CoApplicant: { NationalID: freshNationalId() },
    });
    const url = `/loan-application/${application.ID}/expense`;
    expect(
      (await call('POST', url, me.token, { CategoryID: 2, MonthlyAmount: 800, OwnerRole: 'CoApplicant' }))
        .statusCode,
    ).toBe(201);
    expect((await call('POST', url, me.token, { CategoryID: 2, MonthlyAmount: 900 })).statusCode).toBe(201);
    await call('DELETE', `/loan-application/${application.ID}/co-applicant`, me.token);
    const left = (await call('GET', url, me.token)).json();
    expect(left.map((expense: { OwnerRole: string }) => expense.OwnerRole)).toEqual(['MainApplicant']);
  });

  it('applicants may not change records once the application has left the Editable statuses', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, application.ID, 300, {
      changedBy: 'test',
      now: t.clock.now(),
    });
    const response = await call('POST', `/loan-application/${application.ID}/child`, me.token, {
      BirthYear: 2018,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('/loan-application/{id}/channel-snapshot', () => {
  it('records snapshots (no revision, even while locked) and lists them oldest first', async () => {
    const me = await newApplicant(t);
    const application = await createApplicationAs(t, me.token);
    const url = `/loan-application/${application.ID}/channel-snapshot`;
    const first = await call('POST', url, me.token, {
      UtmSource: 'google',
      UtmMedium: 'cpc',
      UtmCampaign: 'refi-2026',
      Referrer: 'https://www.google.com/',
      LandingPage: '/soknad/forbrukslan',
      Device: 'mobile',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      UtmSource: 'google',
      Device: 'mobile',
      IsInternal: false,
      Partner: null,
    });
    await insertApplicationLock(t.database.db, {
      applicationId: application.ID,
      originalRevision: 1,
      lockedBy: 'lender:test',
      now: t.clock.now(),
    });
    t.clock.advance(1000);
    expect(
      (await call('POST', url, me.token, { Partner: 'compare-site', IsInternal: true })).statusCode,
    ).toBe(201);
    const listed = (await call('GET', url, me.token)).json();
    expect(listed.map((snapshot: { UtmSource: string | null }) => snapshot.UtmSource)).toEqual([
      'google',
      null,
    ]);
    expect((await call('GET', `/loan-application/${application.ID}`, me.token)).json().Revision).toBe(1);
    expect((await call('POST', url, me.token, { Device: 'fridge' })).statusCode).toBe(400);
  });
});
