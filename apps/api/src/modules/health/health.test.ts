import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createReadiness, createReadinessCheck } from './readiness.ts';

// Issue 37 item 2 (ADR 0071): liveness, readiness, and /health as it was.
describe('health', () => {
  let t: TestApp;
  const readiness = createReadiness();
  beforeAll(async () => {
    t = await createTestApp({ deps: { readiness } });
  });
  afterAll(async () => t.close());

  it('answers /health as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('is live and ready on a migrated database', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while migrations this build knows are missing', async () => {
    const check = createReadinessCheck({
      database: t.database,
      readiness: createReadiness(),
      migrationNames: ['0001_core.sql', '9999_not_yet.sql'],
    });
    expect(await check()).toBe('migrations');
  });

  it('is not ready when the database does not answer', async () => {
    const check = createReadinessCheck({
      database: { db: { execute: () => Promise.reject(new Error('down')) } as never },
      readiness: createReadiness(),
    });
    expect(await check()).toBe('database');
    const hanging = createReadinessCheck({
      database: { db: { execute: () => new Promise(() => {}) } as never },
      readiness: createReadiness(),
      timeoutMs: 20,
    });
    expect(await hanging()).toBe('database');
  });

  it('turns not ready, and stays live, once draining', async () => {
    readiness.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not-ready', database: t.database.kind, reason: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
