import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (applicationId: string, token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/lead/${applicationId}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const list = (applicationId: string, token?: string) =>
  t.app.inject({ url: `/lead/${applicationId}`, headers: token ? bearer(token) : {} });

describe('leads', () => {
  it('creates, lists and deletes a lead for a partner of the brand', async () => {
    const owner = await newApplicant(t);
    const application = await applicationOf(t, owner);
    const created = await post(application.id, owner.token, { Partner: 'nordisk-trygghet' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ LoanApplicationID: application.id, Partner: 'nordisk-trygghet' });
    expect((await list(application.id, owner.token)).json()).toEqual([created.json()]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/lead/${application.id}/${created.json().ID}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list(application.id, owner.token)).json()).toEqual([]);
  });

  it.each([
    [{}, 'Partner'],
    [{ Partner: '' }, 'Partner'],
    [{ Partner: 'someone-else' }, 'Partner'],
    [{ Partner: 'trygg-betalskydd' }, 'Partner'],
    [{ Partner: 'nordisk-trygghet', Extra: true }, ''],
  ])('refuses %j with 400 and stores nothing', async (payload, field) => {
    const owner = await newApplicant(t);
    const application = await applicationOf(t, owner);
    const response = await post(application.id, owner.token, payload);
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().Errors[0].Field).toBe(field);
    expect((await list(application.id, owner.token)).json()).toEqual([]);
  });

  it('answers a second lead for the same partner 409', async () => {
    const owner = await newApplicant(t);
    const application = await applicationOf(t, owner);
    await post(application.id, owner.token, { Partner: 'fjord-gjeldsrad' });
    expect((await post(application.id, owner.token, { Partner: 'fjord-gjeldsrad' })).statusCode).toBe(409);
  });

  it('answers someone else 404, no token 401, read-only staff 403 on writes; staff of the country may', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    const application = await applicationOf(t, owner);
    expect((await list(application.id, other.token)).statusCode).toBe(404);
    expect((await post(application.id, other.token, { Partner: 'nordisk-trygghet' })).statusCode).toBe(404);
    expect((await list(application.id)).statusCode).toBe(401);
    expect((await post(application.id, undefined, { Partner: 'nordisk-trygghet' })).statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await list(application.id, readOnly)).statusCode).toBe(200);
    expect((await post(application.id, readOnly, { Partner: 'nordisk-trygghet' })).statusCode).toBe(403);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const created = await post(application.id, sales, { Partner: 'nordisk-trygghet' });
    expect(created.statusCode).toBe(201);
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `/lead/${application.id}/${created.json().ID}`,
      headers: bearer(other.token),
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await list(application.id, owner.token)).json()).toHaveLength(1);
  });

  it('answers 404 for a lead of another application or an unknown lead', async () => {
    const owner = await newApplicant(t);
    const first = await applicationOf(t, owner);
    const second = await applicationOf(t, owner);
    const lead = (await post(first.id, owner.token, { Partner: 'nordisk-trygghet' })).json();
    for (const url of [
      `/lead/${second.id}/${lead.ID}`,
      `/lead/${first.id}/not-an-id`,
      `/lead/${first.id}/00000000-0000-4000-8000-000000000000`,
    ]) {
      expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(
        404,
      );
    }
    expect((await list(first.id, owner.token)).json()).toHaveLength(1);
  });
});
