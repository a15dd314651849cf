import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// PostgreSQL cannot store U+0000 in text or jsonb, nor a lone surrogate in jsonb: each was a 500 from the
// database, in a body (found by the OpenAPI fuzzer), in a query and in a reason kept in an event (found by
// the field sweep, issue 32). Refused at validation, after the route's token check.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.login({ nationalId: makeTestNationalId('NO', '1985-05-05', 1), country: 'NO' }));
});
afterAll(async () => t.close());

const refusal = (field: string, message = 'Must not contain the NUL character') => ({
  Bad: true,
  Errors: [{ Field: field, Message: message }],
  Message: 'Validation failed',
});

describe('text PostgreSQL cannot store', () => {
  it('a NUL in a JSON body is refused with 400 in the §8 shape, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"Applicant":{"Person":{"FirstName":"Kari\\u0000"}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('Applicant.Person.FirstName'));
  });

  it('a NUL in a key too, at any depth; the text `\\u0000` written out is fine', async () => {
    const deep = `${'['.repeat(5000)}{"a\\u0000":1}${']'.repeat(5000)}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const refused = await t.app.inject({ method: 'POST', url: '/loan-application', headers, payload: deep });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0].Message).toBe('Must not contain the NUL character');
    const written = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers,
      payload: '{"Note":"\\\\u0000"}',
    });
    expect(written.json().Errors ?? []).not.toContainEqual(
      expect.objectContaining({ Message: 'Must not contain the NUL character' }),
    );
  });

  it('a NUL in a query value is refused with 400 (GET /loan-application?humanReadableID=%00 was a 500)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/loan-application?humanReadableID=%00',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('humanReadableID'));
  });

  it('is not looked at before the token: an anonymous caller gets 401 on a route that needs one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { 'content-type': 'application/json' },
      payload: '{"Product":"\\u0000"}',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'Missing token' });
  });

  it('a public route refuses it too, with no token needed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/calculator/loan-cost',
      headers: { 'content-type': 'application/json' },
      payload: '{"Brand":"no-\\u0000main"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('Brand'));
  });

  it('a lone surrogate in a body is refused with 400; a well-formed pair is fine', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const text of ['\\ud800', 'x\\udfffy', '\\udc00\\ud800']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/loan-application',
        headers,
        payload: `{"Product":"UnsecuredLoan","Comment":"${text}"}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal('Comment', 'Must be well-formed Unicode text'));
    }
    const pair = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers,
      payload: '{"Comment":"\\ud83d\\ude00"}',
    });
    expect(pair.json().Errors ?? []).not.toContainEqual(
      expect.objectContaining({ Message: 'Must be well-formed Unicode text' }),
    );
  });
});
