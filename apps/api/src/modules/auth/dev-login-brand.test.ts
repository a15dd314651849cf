import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNationalId } from '#src/test/customer-fixtures.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Review fix: the development login names a brand from the registry, or is refused (no silent fallback).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const devLogin = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/dev/login', payload });

describe('POST /auth/dev/login brand', () => {
  it('answers 400 on the brand field for an unknown brand', async () => {
    const response = await devLogin({
      nationalId: freshNationalId('NO'),
      country: 'NO',
      brand: 'no-such-brand',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors).toEqual([expect.objectContaining({ Field: 'brand' })]);
  });

  it('accepts a known brand', async () => {
    const response = await devLogin({
      nationalId: freshNationalId('NO'),
      country: 'NO',
      brand: 'no-main',
    });
    expect(response.statusCode).toBe(200);
  });
});
