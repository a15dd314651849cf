import { makeTestNationalId } from '@nordloan/domain/national-id';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';
import { differentRequestMessage, idempotentCreations } from './idempotency.ts';

// Issue 37 item 4 (ADR 0071): POST /loan-application (and the other creating calls in idempotentCreations)
// with an Idempotency-Key: a retry gets the first answer, a different body is a 422, duplicates sent at
// once make one application, and only a success is kept.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const body = { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 150000, Duration: 5 };

async function newCustomer() {
  const nationalId = makeTestNationalId('NO', '1986-06-06', nextTestFileSerial('idempotency', 1));
  return { nationalId, ...(await t.login({ nationalId, country: 'NO', role: 'Customer' })) };
}

const create = (token: string, key: string | undefined, payload: object = body) =>
  t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

async function applicationsOf(customerId: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM loan_application WHERE customer_id = ${customerId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

it('lists only routes that exist (ADR 0071 names them)', () => {
  const missing = idempotentCreations.filter((url) => !t.app.hasRoute({ method: 'POST', url }));
  expect(missing).toEqual([]);
});

describe('Idempotency-Key on POST /loan-application', () => {
  it('answers a retry with the same key and body with the first answer, and creates once', async () => {
    const { token, CustomerID } = await newCustomer();
    const first = await create(token, 'apply-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Fields in another order are the same body.
    const again = await create(token, 'apply-1', {
      Duration: 5,
      Amount: 150000,
      Brand: 'no-main',
      Product: 'UnsecuredLoan',
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    expect(await applicationsOf(CustomerID)).toBe(1);
    // Without the key the second call is a second request: the one-active-application rule answers it.
    expect((await create(token, undefined)).statusCode).toBe(403);
  });

  it('refuses the same key with a different body (422)', async () => {
    const { token, CustomerID } = await newCustomer();
    expect((await create(token, 'apply-2')).statusCode).toBe(201);
    const other = await create(token, 'apply-2', { ...body, Amount: 90000 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ Message: differentRequestMessage });
    expect(await applicationsOf(CustomerID)).toBe(1);
  });

  it('makes one application of duplicates sent at once, and answers each with it', async () => {
    const { token, CustomerID } = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => create(token, 'apply-3')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().ID)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await applicationsOf(CustomerID)).toBe(1);
  });

  it('keeps a key per caller, and for 24 hours', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const first = await create(a.token, 'shared-key');
    const theirs = await create(b.token, 'shared-key');
    expect([first.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().ID).not.toBe(first.json().ID);
    t.clock.advance(24 * 60 * 60 * 1000 + 1_000);
    // A day later the key is new again: the call runs (and meets the active application).
    const again = await t.login({ nationalId: a.nationalId, country: 'NO', role: 'Customer' });
    const later = await create(again.token, 'shared-key');
    expect(later.statusCode).toBe(403);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps no failed answer: a retry after an error runs again', async () => {
    const { token } = await newCustomer();
    const missing = '00000000-0000-4000-8000-000000000000';
    const debt = () =>
      t.app.inject({
        method: 'POST',
        url: `/loan-application/${missing}/debt`,
        headers: { ...bearer(token), 'idempotency-key': 'debt-1' },
        payload: {},
      });
    const failed = await debt();
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    const kept = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM idempotency_key WHERE key = 'debt-1'`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await debt()).headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters', async () => {
    const { token } = await newCustomer();
    for (const key of ['', 'a b', 'x'.repeat(256)]) {
      const response = await create(token, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().Errors).toEqual([
        { Field: 'Idempotency-Key', Message: 'Must be 1 to 255 visible ASCII characters' },
      ]);
    }
  });
});
