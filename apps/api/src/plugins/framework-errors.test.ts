import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Found by the OpenAPI fuzzer: errors of the router itself came in Fastify's shape and echoed the path.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('errors raised by the router', () => {
  it('answer a path that is not UTF-8 with 400 in the §8 shape, without echoing it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/loan-application/x%ED%BF%BFy/debt' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'Bad Request' });
  });

  it('answer an over-long path parameter with 414 in the §8 shape, without echoing it', async () => {
    const secret = 'magic'.repeat(200);
    const response = await t.app.inject({ method: 'GET', url: `/loan-application/magic/${secret}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'URI Too Long' });
    expect(response.body).not.toContain('magic');
  });
});

describe('the NUL character in a JSON body', () => {
  // PostgreSQL cannot store it in text or jsonb: it was a 500 from the database (found by the fuzzer).
  it('is refused with 400 in the §8 shape, naming the field, before any route runs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { 'content-type': 'application/json' },
      payload: '{"Applicant":{"Person":{"FirstName":"Kari\\u0000"}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Bad: true,
      Errors: [{ Field: 'Applicant.Person.FirstName', Message: 'Must not contain the NUL character' }],
      Message: 'Validation failed',
    });
  });

  it('in a key too, at any depth; the text `\\u0000` written out is fine', async () => {
    const deep = `${'['.repeat(5000)}{"a\\u0000":1}${']'.repeat(5000)}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0].Message).toBe('Must not contain the NUL character');
    const written = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { 'content-type': 'application/json' },
      payload: '{"Note":"\\\\u0000"}',
    });
    expect(written.json().Errors ?? []).not.toContainEqual(
      expect.objectContaining({ Message: 'Must not contain the NUL character' }),
    );
  });
});
