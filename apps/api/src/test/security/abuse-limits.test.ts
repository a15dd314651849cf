import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { defaultIncome, mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 15 item 7: per-identity limits on application creation and uploads (the per-address limits on
// login and magic links are proven in plugins/security.test.ts, the Redis-shared budget there too).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function createApplication(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      MainApplicant: mainApplicantDetails(defaultIncome.NO),
    },
  });
}

/** A multipart body with no file: the route refuses it (400), but the call counts against the limit. */
function uploadWithoutFile(applicationId: string, token: string) {
  const boundary = 'nordloan-limit-test';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="Category"\r\n\r\npayslip\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/loan-application/${applicationId}/documents`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('abuse limits per identity', () => {
  it('lets one applicant create 20 applications an hour, then answers 429 with Retry-After; others go on', async () => {
    const busy = await newApplicant(t);
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) statuses.push((await createApplication(busy.token)).statusCode);
    expect(statuses.every((status) => status !== 429)).toBe(true);

    const refused = await createApplication(busy.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ Bad: true, Errors: [], Message: 'Too many requests' });
    // Nothing about the applicant in the refusal.
    expect(refused.body).not.toContain(busy.CustomerID);

    // Counted per identity, not per address: another applicant from the same address is served.
    const other = await newApplicant(t);
    expect((await createApplication(other.token)).statusCode).toBe(201);
  });

  it('counts an anonymous caller nowhere: 401 before the limit', async () => {
    for (let index = 0; index < 25; index++) {
      const response = await t.app.inject({ method: 'POST', url: '/loan-application', payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it('does not limit staff creating applications on a customer’s behalf', async () => {
    const token = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'limit-test-agent');
    for (let index = 0; index < 22; index++) {
      expect((await createApplication(token)).statusCode).not.toBe(429);
    }
  });

  it('lets one caller upload 60 times an hour, then answers 429', async () => {
    const owner = await newApplicant(t);
    const created = await createApplication(owner.token);
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { ID: string }).ID;
    for (let index = 0; index < 60; index++) {
      expect((await uploadWithoutFile(id, owner.token)).statusCode).toBe(400);
    }
    expect((await uploadWithoutFile(id, owner.token)).statusCode).toBe(429);
  });
});
