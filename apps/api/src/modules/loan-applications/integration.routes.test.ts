import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { updateApplicationStatus } from './application-write.repository.ts';
import { createApplicationAs, freshNationalId, newApplicant, unsecuredNo } from './test-fixtures.ts';

describe('integration service without an integration URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { integrationUrl: undefined } });
  });
  afterAll(async () => {
    await t.close();
  });

  // Re-apply's 503 to its owner, and 404 to a stranger or for an unknown id (ownership first, issue 32):
  // hostile-input-regressions.test.ts.
  it('answers 503 Error: Integration URL is missing to a create the caller may make', async () => {
    const service = await t.staffToken([{ Name: 'Service', Country: 'NO' }]);
    for (const [url, payload] of [
      [
        '/v1/loan-application/',
        { application: unsecuredNo, customer: {}, person: { NationalID: freshNationalId() } },
      ],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(service), payload });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ Bad: true, Message: 'Error: Integration URL is missing' });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/v1/loan-application/', payload: {} });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('integration service with an integration URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { integrationUrl: 'https://integration.example.test' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a partner creates an application for a new person, found again by national id the second time', async () => {
    const partner = await t.staffToken([{ Name: 'Partner', Country: 'NO' }]);
    const nationalId = freshNationalId();
    const payload = {
      application: { ...unsecuredNo, LegacyID: 'PARTNER-7' },
      customer: { Email: 'ola@example.test' },
      person: { NationalID: nationalId, FirstName: 'Ola', LastName: 'Nordmann' },
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(partner),
      payload,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ Status: 100, LegacyID: 'PARTNER-7', Product: 'UnsecuredLoan' });
    expect(created.CustomerID).toEqual(expect.any(String));

    // The same person again: same customer, and the one-active-application rule holds (403 applicationIDs).
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(partner),
      payload,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().applicationIDs).toEqual([created.ID]);

    // The partner cannot read what it sent in (no direct access).
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/loan-application/${created.ID}`,
          headers: bearer(partner),
        })
      ).statusCode,
    ).toBe(404);
    // The person, logging in, finds it.
    const person = await t.login({ nationalId, country: 'NO', role: 'Person' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/loan-application/${created.ID}`,
          headers: bearer(person.token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses callers without application.integrate, a bad national id, and an applicant naming someone else', async () => {
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const body = { application: unsecuredNo, customer: {}, person: { NationalID: freshNationalId() } };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/loan-application/',
          headers: bearer(sales),
          payload: body,
        })
      ).statusCode,
    ).toBe(403);

    const partner = await t.staffToken([{ Name: 'Partner', Country: 'NO' }]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(partner),
      payload: { ...body, person: { NationalID: '01019012345' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0].Field).toBe('person.NationalID');

    const me = await newApplicant(t);
    const other = await newApplicant(t);
    const forOther = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(me.token),
      payload: { application: unsecuredNo, customer: { ID: other.CustomerID } },
    });
    expect(forOther.statusCode).toBe(403);
    const forMe = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(me.token),
      payload: { application: unsecuredNo, customer: { ID: me.CustomerID } },
    });
    expect(forMe.statusCode).toBe(201);
    expect(forMe.json().CustomerID).toBe(me.CustomerID);
  });

  it('re-applies: a clone of an ended application with the changes laid over it', async () => {
    const me = await newApplicant(t);
    const earlier = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, earlier.ID, 370, { changedBy: 'test', now: t.clock.now() });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/loan-application/reapply/${earlier.ID}`,
      headers: bearer(me.token),
      payload: { application: { Amount: 100000 } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      Status: 100,
      Amount: 100000,
      Duration: 5,
      ClonedFromID: earlier.ID,
      CloneOrigin: 'Cloned',
    });
    const outOfBounds = await t.app.inject({
      method: 'POST',
      url: `/v1/loan-application/reapply/${earlier.ID}`,
      headers: bearer(me.token),
      payload: { application: { Amount: 5 } },
    });
    expect(outOfBounds.statusCode).toBe(400);
    const stranger = await newApplicant(t);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: `/v1/loan-application/reapply/${earlier.ID}`,
      headers: bearer(stranger.token),
    });
    expect(notTheirs.statusCode).toBe(404);
  });
});
