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
