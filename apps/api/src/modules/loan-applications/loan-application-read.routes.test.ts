import type { LoanApplication } from '@nordloan/domain/loan-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { updateApplicationStatus } from './application-write.repository.ts';
import { createApplicationAs, newApplicant, unsecuredNo } from './test-fixtures.ts';

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

// Reading applications (§7): revisions, search and paging, the legacy lookup, the status catalogue.

describe('revisions', () => {
  it('lists every revision, filters by ?status= (single, repeated or comma-joined) and answers one by number', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    await updateApplicationStatus(t.database.db, created.ID, 160, { changedBy: 'test', now: t.clock.now() });
    await updateApplicationStatus(t.database.db, created.ID, 200, { changedBy: 'test', now: t.clock.now() });

    const all = (await inject('GET', `/loan-application/${created.ID}/revisions`, me.token)).json();
    expect(
      all.map((revision: { Revision: number; Status: number }) => [revision.Revision, revision.Status]),
    ).toEqual([
      [1, 100],
      [2, 100],
      [3, 160],
      [4, 200],
    ]);
    const started = (
      await inject('GET', `/loan-application/${created.ID}/revisions?status=100`, me.token)
    ).json();
    expect(started.map((revision: { Revision: number }) => revision.Revision)).toEqual([1, 2]);
    const two = (
      await inject('GET', `/loan-application/${created.ID}/revisions?status=160&status=200`, me.token)
    ).json();
    expect(two).toHaveLength(2);
    const joined = (
      await inject('GET', `/loan-application/${created.ID}/revisions?status=160,200`, me.token)
    ).json();
    expect(joined).toHaveLength(2);

    const second = await inject('GET', `/loan-application/${created.ID}/revisions/2`, me.token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      Revision: 2,
      Status: 100,
      Reason: 'patched',
      Snapshot: { Amount: 160000, Revision: 2 },
    });
    expect((await inject('GET', `/loan-application/${created.ID}/revisions/99`, me.token)).statusCode).toBe(
      404,
    );
    expect(
      (await inject('GET', `/loan-application/${created.ID}/revisions?status=abc`, me.token)).statusCode,
    ).toBe(400);
  });
});

describe('GET /loan-application (search)', () => {
  it('pages with pageNumber = offset + 1 and reports Total; pageSize defaults to 25 and is at most 100', async () => {
    const me = await newApplicant(t);
    const products = ['UnsecuredLoan', 'CreditCard', 'SecuredLoan'] as const;
    const created: LoanApplication[] = [];
    for (const [index, product] of products.entries()) {
      t.clock.advance(1000);
      const body =
        product === 'CreditCard'
          ? { Product: product, Brand: 'no-main', Amount: 50000 }
          : product === 'SecuredLoan'
            ? { Product: product, Brand: 'no-main', Amount: 500000, Duration: 10 + index }
            : unsecuredNo;
      created.push(await createApplicationAs(t, me.token, body));
    }
    const first = (await inject('GET', '/loan-application?pageSize=2&pageNumber=1', me.token)).json();
    expect(first).toMatchObject({ Total: 3, PageNumber: 1, PageSize: 2 });
    // Newest first.
    expect(first.Items.map((item: LoanApplication) => item.ID)).toEqual([created[2]!.ID, created[1]!.ID]);
    const second = (await inject('GET', '/loan-application?pageSize=2&pageNumber=2', me.token)).json();
    expect(second).toMatchObject({ Total: 3, PageNumber: 2, PageSize: 2 });
    expect(second.Items.map((item: LoanApplication) => item.ID)).toEqual([created[0]!.ID]);
    const past = (await inject('GET', '/loan-application?pageSize=2&pageNumber=3', me.token)).json();
    expect(past).toMatchObject({ Total: 3, Items: [] });

    expect((await inject('GET', '/loan-application', me.token)).json().PageSize).toBe(25);
    for (const query of [
      'pageSize=101',
      'pageSize=0',
      'pageNumber=0',
      'createdAfter=yesterday',
      'product=Boat',
      'group=Nope',
    ]) {
      const response = await inject('GET', `/loan-application?${query}`, me.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().Bad).toBe(true);
    }
  });

  it('filters by product, status, group, humanReadableID, personID and createdAfter', async () => {
    const me = await newApplicant(t);
    const start = t.clock.now();
    t.clock.advance(60_000);
    const loan = await createApplicationAs(t, me.token);
    t.clock.advance(60_000);
    const card = await createApplicationAs(t, me.token, {
      Product: 'CreditCard',
      Brand: 'no-main',
      Amount: 50000,
    });
    await updateApplicationStatus(t.database.db, card.ID, 410, { changedBy: 'test', now: t.clock.now() });

    const ids = async (query: string) =>
      (await inject('GET', `/loan-application?${query}`, me.token))
        .json()
        .Items.map((item: LoanApplication) => item.ID);
    expect(await ids('product=CreditCard')).toEqual([card.ID]);
    expect(await ids('product=CreditCard&product=UnsecuredLoan')).toEqual([card.ID, loan.ID]);
    expect(await ids('product=CreditCard,UnsecuredLoan')).toEqual([card.ID, loan.ID]);
    expect(await ids('status=100')).toEqual([loan.ID]);
    expect(await ids('group=Editable')).toEqual([loan.ID]);
    expect(await ids('group=Approved')).toEqual([card.ID]);
    expect(await ids('group=Active')).toEqual([card.ID, loan.ID]);
    // status and group together: both must hold.
    expect(await ids('group=Editable&status=410')).toEqual([]);
    expect(await ids(`humanReadableID=${loan.HumanReadableID}`)).toEqual([loan.ID]);
    expect(await ids(`humanReadableID=${loan.HumanReadableID.toLowerCase()}`)).toEqual([loan.ID]);
    expect(await ids(`personID=${me.PersonID}`)).toEqual([card.ID, loan.ID]);
    expect(await ids(`createdAfter=${new Date(start.getTime() + 90_000).toISOString()}`)).toEqual([card.ID]);
    expect(await ids(`customerID=${me.CustomerID}`)).toEqual([card.ID, loan.ID]);
  });

  it('answers the first match for ?legacyID=&customerID=, 404 when there is none or it is not the caller’s', async () => {
    const customer = await newApplicant(t);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const legacy = await createApplicationAs(t, sales, {
      ...unsecuredNo,
      CustomerID: customer.CustomerID,
      LegacyID: 'OLD-42',
    });
    const byStaff = await inject(
      'GET',
      `/loan-application?legacyID=OLD-42&customerID=${customer.CustomerID}`,
      sales,
    );
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json().ID).toBe(legacy.ID);
    expect((await inject('GET', '/loan-application?legacyID=OLD-42', customer.token)).json().ID).toBe(
      legacy.ID,
    );
    const other = await newApplicant(t);
    expect((await inject('GET', '/loan-application?legacyID=OLD-42', other.token)).statusCode).toBe(404);
    expect((await inject('GET', '/loan-application?legacyID=NOPE', sales)).statusCode).toBe(404);
  });
});

describe('GET /loan-application/statuses/all', () => {
  it('answers the §4 catalogue with groups', async () => {
    const me = await newApplicant(t);
    const response = await inject('GET', '/loan-application/statuses/all', me.token);
    expect(response.statusCode).toBe(200);
    const statuses = response.json();
    expect(statuses).toContainEqual({
      Status: 100,
      Name: 'Started',
      Groups: expect.arrayContaining(['Editable', 'Active']),
    });
    expect(statuses.find((status: { Status: number }) => status.Status === 700).Groups).toEqual([
      'Disbursed',
    ]);
    expect((await inject('GET', '/loan-application/statuses/all')).statusCode).toBe(401);
  });
});
