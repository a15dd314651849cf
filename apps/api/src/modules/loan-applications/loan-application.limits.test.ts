import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { ACTIVE_APPLICATION_EXISTS_MESSAGE } from './loan-application-change-rules.service.ts';
import { createApplicationAs, newApplicant, unsecuredNo } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('one active application per product under concurrent creates', () => {
  it('two creates at once for the same customer and product: one 201, the other 403 with applicationIDs', async () => {
    const me = await newApplicant(t);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/loan-application',
        headers: bearer(me.token),
        payload: unsecuredNo,
      });
    const responses = await Promise.all([create(), create()]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 403]);
    const created = responses.find((response) => response.statusCode === 201)!.json();
    const refused = responses.find((response) => response.statusCode === 403)!.json();
    expect(refused).toMatchObject({
      Message: ACTIVE_APPLICATION_EXISTS_MESSAGE,
      applicationIDs: [created.ID],
    });
  });
});

describe('whole-number path and query parameters past int4', () => {
  it('GET …/revisions/3000000000 answers 400, not 500', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const response = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${created.ID}/revisions/3000000000`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toContain('revision');
  });

  it('GET /loan-application?pageNumber=3000000000 answers 400', async () => {
    const me = await newApplicant(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/loan-application?pageNumber=3000000000',
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(400);
  });

  it('PATCH with Revision 3000000000 answers 400', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${created.ID}`,
      headers: bearer(me.token),
      payload: { Revision: 3_000_000_000, Amount: 160000 },
    });
    expect(response.statusCode).toBe(400);
  });
});
