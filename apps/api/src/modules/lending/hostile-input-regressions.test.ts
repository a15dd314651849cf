import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Holes the field sweep found (issue 32, test/fuzz/field-sweep.test.ts), each pinned here so the fix holds
// even when the sweep's sample changes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const consentUrl = (id: string) => `/loan-quote-presentation/consent/loan-application/${id}`;

describe('the loan-quote consent', () => {
  it('refuses a LoanQuoteID that is not a uuid with 400 naming the field (an empty one was a 500)', async () => {
    const application = await createCompleteApplication(t);
    for (const LoanQuoteID of ['', ' ', 'NaN', 'not-a-quote']) {
      const response = await t.app.inject({
        method: 'POST',
        url: consentUrl(application.id),
        headers: bearer(application.token),
        payload: { LoanQuoteID },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        Bad: true,
        Errors: [{ Field: 'LoanQuoteID', Message: 'LoanQuoteID must be a loan quote id' }],
        Message: 'Validation failed',
      });
    }
    // Without a quote the consent is still given (it then covers no particular quote).
    const given = await t.app.inject({
      method: 'POST',
      url: consentUrl(application.id),
      headers: bearer(application.token),
      payload: {},
    });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({ Given: true, LoanQuoteID: null });
  });

  it('answers an anonymous caller 401 before it looks at the body', async () => {
    const application = await createCompleteApplication(t);
    const response = await t.app.inject({
      method: 'POST',
      url: consentUrl(application.id),
      payload: { LoanQuoteID: 42 },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'Missing token' });
  });
});

describe('lender callbacks', () => {
  it('answer an anonymous caller 401 before the body is validated (it was a 400 describing the body)', async () => {
    const base = '/lender-callback/some-lender/loan-quote/00000000-0000-4000-8000-000000000000';
    for (const event of ['disbursement-decision', 'disbursed', 'not-disbursed', 'clawback', 'cancelled']) {
      for (const payload of [{}, { Decision: 'maybe', Reference: '', Reason: 7 }]) {
        const response = await t.app.inject({ method: 'POST', url: `${base}/${event}`, payload });
        expect(response.statusCode, event).toBe(401);
        expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'Missing token' });
      }
    }
  });
});

describe('the offer actions, re-quote and the application lifecycle', () => {
  it('answer an anonymous caller 401 before the body is validated (each was a 400 describing the body)', async () => {
    const application = await createCompleteApplication(t);
    const quote = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/loan-quote/${quote}/accept`],
      ['POST', `/loan-quote/${quote}/change`],
      ['POST', `/loan-application/${application.id}/re-quote`],
      ['PATCH', `/loan-application/${application.id}/application-complete`],
      ['POST', `/loan-application/${application.id}/withdraw`],
      ['POST', `/loan-application/${application.id}/block`],
      ['POST', `/loan-application/${application.id}/status`],
      ['POST', `/loan-application/${application.id}/resubmission`],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: ['not', 'an', 'object'] });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'Missing token' });
    }
  });

  it('a block Comment with a lone surrogate is 400 naming the field (it reached jsonb as \\ud800: a 500)', async () => {
    const application = await createCompleteApplication(t);
    const compliance = await t.staffToken([{ Name: 'Manager', Country: 'NO' }], 'Compliance manager');
    const response = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/block`,
      headers: { ...bearer(compliance), 'content-type': 'application/json' },
      payload: '{"Reason":"sanctions","Comment":"hit \\ud800"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Bad: true,
      Errors: [{ Field: 'Comment', Message: 'Must be well-formed Unicode text' }],
      Message: 'Validation failed',
    });
  });
});
