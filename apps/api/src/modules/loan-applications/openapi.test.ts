import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('documents every §7 application route in /openapi.json', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  for (const path of [
    '/loan-application',
    '/loan-application/{id}',
    '/loan-application/{id}/revisions',
    '/loan-application/{id}/revisions/{revision}',
    '/loan-application/statuses/all',
    '/loan-application/{id}/step-complete',
    '/loan-application/{id}/clone',
    '/loan-application/{id}/archive',
    '/loan-application/check/app/{id}',
    '/loan-application/check/app',
    '/loan-application/{id}/co-applicant',
    '/loan-application/{id}/car',
    '/loan-application/{id}/child',
    '/loan-application/{id}/debt',
    '/loan-application/{id}/expense',
    '/loan-application/{id}/channel-snapshot',
    '/v1/loan-application/',
    '/v1/loan-application/reapply/{id}',
  ]) {
    expect(paths, path).toContain(path);
  }
});
