import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createApplicationAs, newApplicant, unsecuredNo } from './test-fixtures.ts';

// Holes the field sweep found (issue 32, test/fuzz/field-sweep.test.ts), each pinned here so the fix holds
// even when the sweep's sample changes.

describe('integration service without an integration URL: ownership before the integration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { integrationUrl: undefined } });
  });
  afterAll(async () => t.close());

  it("re-apply of another customer's application is 404 like an unknown one, never the integration's 503", async () => {
    const owner = await newApplicant(t);
    const stranger = await newApplicant(t);
    const application = await createApplicationAs(t, owner.token);
    const reapply = (token: string | null, id: string, payload: unknown = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/loan-application/reapply/${id}`,
        headers: token ? bearer(token) : {},
        payload: payload as object,
      });

    // Before: 503 'Error: Integration URL is missing' to anyone with a token, whoever's id it named.
    const foreign = await reapply(stranger.token, application.ID);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ Bad: true, Errors: [], Message: 'This page could not be found' });
    expect((await reapply(stranger.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reapply(null, application.ID)).statusCode).toBe(401);

    // Its owner still gets the integration's 503, before the body is looked at.
    for (const payload of [{}, { application: { Amount: 'NaN' } }]) {
      const own = await reapply(owner.token, application.ID, payload);
      expect(own.statusCode).toBe(503);
      expect(own.json()).toMatchObject({ Bad: true, Message: 'Error: Integration URL is missing' });
    }
  });

  it('a create naming another customer is 403 before the integration is looked at', async () => {
    const owner = await newApplicant(t);
    const stranger = await newApplicant(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(stranger.token),
      payload: { application: unsecuredNo, customer: { ID: owner.CustomerID } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Message: 'You may create applications only for yourself' });

    const forThemselves = await t.app.inject({
      method: 'POST',
      url: '/v1/loan-application/',
      headers: bearer(stranger.token),
      payload: { application: unsecuredNo, customer: {} },
    });
    expect(forThemselves.statusCode).toBe(503);
  });
});
