import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// A hole the field sweep found (issue 32, test/fuzz/field-sweep.test.ts), pinned here so the fix holds even
// when the sweep's sample changes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('staff withdrawing an application for its customer', () => {
  it('a Reason with a lone surrogate is 400 naming the field (it reached jsonb as \\ud800: a 500)', async () => {
    const application = await createCompleteApplication(t);
    const manager = await t.staffToken([{ Name: 'Manager', Country: 'NO' }], 'Withdrawing manager');
    const withdraw = (payload: string, token: string | null = manager) =>
      t.app.inject({
        method: 'POST',
        url: `/backoffice/applications/${application.id}/withdraw`,
        headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
        payload,
      });
    const response = await withdraw('{"Reason":"customer called \\ud800"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Bad: true,
      Errors: [{ Field: 'Reason', Message: 'Must be well-formed Unicode text' }],
      Message: 'Validation failed',
    });
    // Without a token the gate answers first, whatever the body.
    expect((await withdraw('{"Reason":"\\ud800"}', null)).statusCode).toBe(401);
  });
});
