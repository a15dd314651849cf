import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Review fix: a call that needs a token answers 401 'Missing token' before its body, query or path is
// validated (preValidation), so an anonymous caller learns nothing about the input a route expects.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someId = '00000000-0000-4000-8000-000000000000';

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const needToken: Record<string, Call[]> = {
  customers: [
    { method: 'GET', url: '/customer?email=not-an-address' },
    { method: 'PATCH', url: `/customer/${someId}`, payload: { Email: 5, Unknown: true } },
  ],
  persons: [
    { method: 'GET', url: `/person/${someId}?reveal=Everything` },
    { method: 'POST', url: '/person', payload: { NationalID: 5 } },
    { method: 'PATCH', url: `/person/${someId}`, payload: { IsPoliticallyExposed: 'maybe' } },
  ],
  consent: [
    { method: 'GET', url: '/consent/v2/consent' },
    { method: 'GET', url: '/consent/v2/consent/items?customerID=' },
    { method: 'POST', url: '/consent/v1/consent', payload: { Purpose: 42 } },
    { method: 'GET', url: '/consent/v1/partner' },
    { method: 'PATCH', url: `/consent/v1/consent/XX/${someId}`, payload: { Nope: true } },
  ],
  leads: [
    { method: 'POST', url: `/lead/${someId}`, payload: { Partner: '', Extra: 1 } },
    { method: 'GET', url: `/lead/${someId}` },
  ],
  documents: [
    { method: 'PATCH', url: `/loan-application/${someId}/documents/${someId}`, payload: { Category: 'x' } },
    { method: 'GET', url: `/loan-application/${someId}/documents` },
  ],
  'magic-links': [
    { method: 'POST', url: `/loan-application/${someId}/magic-link`, payload: { Channel: 'fax' } },
  ],
  'co-applicant-invites': [
    { method: 'POST', url: `/loan-application/${someId}/co-applicant-invite`, payload: { Email: 5 } },
    { method: 'GET', url: `/loan-application/${someId}/co-applicant-invite` },
    { method: 'POST', url: '/co-applicant-invite/accept', payload: { Token: 5 } },
  ],
};

describe('calls that need a token', () => {
  for (const [module, calls] of Object.entries(needToken)) {
    it(`answer 401 'Missing token' before validating the input (${module})`, async () => {
      for (const call of calls) {
        const response = await t.app.inject(call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(response.json(), `${call.method} ${call.url}`).toMatchObject({ Message: 'Missing token' });
      }
    });
  }
});

describe('public calls', () => {
  it('still validate without a token (terms acceptance, consent snapshot, magic exchange)', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/customer', payload: {} });
    expect(signUp.statusCode).toBe(400);
    const snapshot = await t.app.inject({ url: '/consent/v2/config/snapshot?configType=nonsense' });
    expect(snapshot.statusCode).toBe(400);
    const exchange = await t.app.inject({ method: 'POST', url: '/auth/magic-token', payload: {} });
    expect(exchange.statusCode).toBe(400);
    const lookup = await t.app.inject({ url: '/loan-application/magic/not-a-token' });
    expect(lookup.statusCode).toBe(404);
  });
});
