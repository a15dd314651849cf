import type { LoanApplication } from '@nordloan/domain/loan-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  findApplicationById,
  insertApplicationLock,
  releaseApplicationLocks,
  updateApplicationStatus,
} from './loan-application.repository.ts';
import {
  completeApplicant,
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

describe('POST /loan-application', () => {
  it('creates the spec example: status 100, revision 1, human-readable id, the caller as customer and main applicant', async () => {
    const me = await newApplicant(t);
    const response = await inject('POST', '/loan-application', me.token, unsecuredNo);
    expect(response.statusCode).toBe(201);
    const created: LoanApplication = response.json();
    expect(created).toMatchObject({
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Country: 'NO',
      Amount: 150000,
      Duration: 5,
      Status: 100,
      StatusName: 'Started',
      Revision: 1,
      CustomerID: me.CustomerID,
      PersonID: me.PersonID,
      ApplicantMode: 'Normal',
      IsLocked: false,
    });
    expect(created.HumanReadableID).toMatch(/^NL-\d{6,}$/);
    expect(created.MainApplicant?.PersonID).toBe(me.PersonID);
    expect(await countRows(t, 'loan_application_revision', created.ID)).toBe(1);
  });

  it('takes a credit card with the limit as Amount and no Duration', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token, {
      Product: 'CreditCard',
      Brand: 'no-main',
      Amount: 50000,
    });
    expect(created).toMatchObject({ Product: 'CreditCard', Amount: 50000, Duration: null });
  });

  it('answers 400 with field errors for amounts and durations outside the brand bounds, and stores nothing', async () => {
    const me = await newApplicant(t);
    const response = await inject('POST', '/loan-application', me.token, {
      ...unsecuredNo,
      Amount: 900000,
      Duration: 25,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.Bad).toBe(true);
    expect(body.Errors.map((error: { Field: string }) => error.Field).sort()).toEqual(['Amount', 'Duration']);
    const mine = await inject('GET', '/loan-application', me.token);
    expect(mine.json().Total).toBe(0);
  });

  it('answers 400 for an unknown brand, a wrong type and a missing product', async () => {
    const me = await newApplicant(t);
    for (const payload of [
      { ...unsecuredNo, Brand: 'xx-nowhere' },
      { ...unsecuredNo, Amount: '150000' },
      { Brand: 'no-main', Amount: 150000, Duration: 5 },
    ]) {
      const response = await inject('POST', '/loan-application', me.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Bad: true, Message: 'Validation failed' });
      expect(response.json().Errors.length).toBeGreaterThan(0);
    }
  });

  it('refuses a brand of another country than the customer (400 Brand)', async () => {
    const me = await newApplicant(t);
    const response = await inject('POST', '/loan-application', me.token, {
      ...unsecuredNo,
      Brand: 'se-main',
      Amount: 100000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toBe('Brand');
  });

  it('answers 403 with applicationIDs when the customer already has an active application of the product', async () => {
    const me = await newApplicant(t);
    const first = await createApplicationAs(t, me.token);
    const response = await inject('POST', '/loan-application', me.token, unsecuredNo);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      Bad: true,
      Message: 'An active application for this product already exists',
      applicationIDs: [first.ID],
    });
    // Another product is fine.
    await createApplicationAs(t, me.token, { Product: 'CreditCard', Brand: 'no-main', Amount: 50000 });
  });

  it('lets a new application be made once the earlier one has ended', async () => {
    const me = await newApplicant(t);
    const first = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, first.ID, 190, { changedBy: 'test', now: t.clock.now() });
    await createApplicationAs(t, me.token);
  });

  it('staff create for a named customer; without CustomerID it is a 400', async () => {
    const customer = await newApplicant(t);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const missing = await inject('POST', '/loan-application', sales, unsecuredNo);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors[0].Field).toBe('CustomerID');
    const created = await createApplicationAs(t, sales, {
      ...unsecuredNo,
      CustomerID: customer.CustomerID,
      LegacyID: 'LEG-1',
    });
    expect(created).toMatchObject({
      CustomerID: customer.CustomerID,
      PersonID: customer.PersonID,
      LegacyID: 'LEG-1',
    });
    const seSales = await t.staffToken([{ Name: 'Sales', Country: 'SE' }]);
    expect(
      (
        await inject('POST', '/loan-application', seSales, {
          ...unsecuredNo,
          CustomerID: customer.CustomerID,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 401 Missing token without a token', async () => {
    const response = await inject('POST', '/loan-application', undefined, unsecuredNo);
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('Missing token');
  });
});

describe('GET /loan-application/{id}', () => {
  it('answers the application to its owner and 404 for an unknown or malformed id', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const response = await inject('GET', `/loan-application/${created.ID}`, me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await inject('GET', `/loan-application/${id}`, me.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().Message).toBe('This page could not be found');
    }
  });
});

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

describe('clone and archive', () => {
  it('clones into a new application at status 100 with CloneOrigin and ClonedFromID; the source records it', async () => {
    const me = await newApplicant(t);
    const source = await createApplicationAs(t, me.token, {
      ...unsecuredNo,
      MainApplicant: { MaritalStatus: 'Single' },
    });
    await inject('POST', `/loan-application/${source.ID}/debt`, me.token, {
      DebtType: 'Car',
      Balance: 90000,
    });
    await updateApplicationStatus(t.database.db, source.ID, 388, { changedBy: 'test', now: t.clock.now() });

    const response = await inject('POST', `/loan-application/${source.ID}/clone`, me.token, {
      CloneOrigin: 'Cloned',
    });
    expect(response.statusCode).toBe(201);
    const clone: LoanApplication = response.json();
    expect(clone).toMatchObject({
      Status: 100,
      Revision: 1,
      CloneOrigin: 'Cloned',
      ClonedFromID: source.ID,
      Amount: 150000,
      CustomerID: me.CustomerID,
      MainApplicant: { MaritalStatus: 'Single' },
    });
    expect(clone.ID).not.toBe(source.ID);
    expect(clone.HumanReadableID).not.toBe(source.HumanReadableID);
    expect((await inject('GET', `/loan-application/${clone.ID}/debt`, me.token)).json()).toHaveLength(1);
    const sourceRevisions = (
      await inject('GET', `/loan-application/${source.ID}/revisions`, me.token)
    ).json();
    expect(sourceRevisions.at(-1).Reason).toBe(`cloned-to:${clone.HumanReadableID}`);
  });

  it('refuses an applicant clone of a still-active application of the product (403 applicationIDs); staff may clone it', async () => {
    const me = await newApplicant(t);
    const source = await createApplicationAs(t, me.token);
    const refused = await inject('POST', `/loan-application/${source.ID}/clone`, me.token, {
      CloneOrigin: 'Cloned',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().applicationIDs).toEqual([source.ID]);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const manual = await inject('POST', `/loan-application/${source.ID}/clone`, sales, {
      CloneOrigin: 'ManuallyCreated',
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().CloneOrigin).toBe('ManuallyCreated');
    expect(
      (await inject('POST', `/loan-application/${source.ID}/clone`, sales, { CloneOrigin: 'Copied' }))
        .statusCode,
    ).toBe(400);
  });

  it('archives with a reason, hides it from the applicant’s search, and refuses further changes', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const bad = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Bored',
    });
    expect(bad.statusCode).toBe(400);
    const response = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Withdrawn-by-customer',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ArchiveReason: 'Withdrawn-by-customer',
      Status: 100,
      Revision: 2,
    });
    expect(response.json().ArchivedAt).toEqual(expect.any(String));
    expect((await inject('GET', '/loan-application', me.token)).json().Total).toBe(0);
    expect((await inject('GET', `/loan-application/${created.ID}`, me.token)).statusCode).toBe(200);
    const patch = await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().Message).toBe('Application is archived');
    // An archived application does not block a new one.
    await createApplicationAs(t, me.token);
  });

  it('refuses an applicant archive while the banks process the application (409)', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, created.ID, 310, { changedBy: 'test', now: t.clock.now() });
    const response = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Withdrawn-by-customer',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('check/app', () => {
  it('GET lists what is missing, and is Valid once the application is complete', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const before = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(before.Valid).toBe(false);
    expect(before.Errors).toContainEqual({ Field: 'LoanPurpose', Message: 'LoanPurpose is required' });
    expect(before.Errors).toContainEqual({
      Field: 'MainApplicant.EmploymentType',
      Message: 'MainApplicant.EmploymentType is required',
    });

    await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      LoanPurpose: 'Renovation',
      MainApplicant: completeApplicant,
    });
    const after = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(after).toEqual({ Valid: true, Errors: [] });

    await inject('PATCH', `/loan-application/${created.ID}`, me.token, { ApplicantMode: 'SwapApplicants' });
    const noCo = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(noCo.Errors.map((error: { Field: string }) => error.Field)).toEqual(['CoApplicant']);
  });

  it('POST validates a posted application, alone or laid over a stored one', async () => {
    const me = await newApplicant(t);
    const alone = (
      await inject('POST', '/loan-application/check/app', me.token, {
        ...unsecuredNo,
        Amount: 5000,
        LoanPurpose: 'Holiday',
        MainApplicant: completeApplicant,
      })
    ).json();
    expect(alone.Valid).toBe(false);
    expect(alone.Errors.map((error: { Field: string }) => error.Field)).toEqual(['Amount']);

    const created = await createApplicationAs(t, me.token, {
      ...unsecuredNo,
      LoanPurpose: 'Holiday',
      MainApplicant: completeApplicant,
    });
    const withCo = (
      await inject('POST', '/loan-application/check/app', me.token, {
        ID: created.ID,
        CoApplicant: { NationalID: freshNationalId(), NetMonthlyIncome: 20000 },
      })
    ).json();
    expect(withCo.Valid).toBe(false);
    expect(withCo.Errors.every((error: { Field: string }) => error.Field.startsWith('CoApplicant.'))).toBe(
      true,
    );
    expect(
      (await inject('POST', '/loan-application/check/app', me.token, { ID: created.ID })).json(),
    ).toEqual({ Valid: true, Errors: [] });

    const other = await newApplicant(t);
    expect(
      (await inject('POST', '/loan-application/check/app', other.token, { ID: created.ID })).statusCode,
    ).toBe(404);
  });
});
