import type { LoanApplication } from '@nordloan/domain/loan-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { updateApplicationStatus } from './application-write.repository.ts';
import { countRows, createApplicationAs, newApplicant, unsecuredNo } from './test-fixtures.ts';

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

// POST /loan-application and GET /loan-application/{id} (§7): creating, bounds, one active application per product.

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
