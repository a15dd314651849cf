import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { claimJobs, completeJob, enqueueJob, failJob, findJobs, holdJobs } from './job.repository.ts';

// A lease's token is its attempt: when a lease runs out and the job is claimed again — by another worker
// or by the same one — the run that held the first lease may no longer record, complete or fail the job.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const leaseMs = 60_000;

/** A job claimed by `worker`, then claimed again by the same worker after its lease ran out. */
async function claimedTwiceBySameWorker(kind: string, worker: string) {
  const db = database.db;
  const start = new Date('2026-11-27T08:00:00Z');
  await enqueueJob(db, { kind, runAt: start });
  const [first] = await claimJobs(db, { workerId: worker, now: start, leaseMs, limit: 1, kinds: [kind] });
  const later = new Date(start.getTime() + leaseMs + 1_000);
  const [second] = await claimJobs(db, { workerId: worker, now: later, leaseMs, limit: 1, kinds: [kind] });
  expect([first!.id, first!.attempts, second!.id, second!.attempts]).toEqual([first!.id, 1, first!.id, 2]);
  return { first: first!, second: second!, later };
}

describe('a lease claimed again by the same worker', () => {
  it('leaves the first run unable to hold or complete the job; the second run can', async () => {
    const { first, second, later } = await claimedTwiceBySameWorker('lease-test-complete', 'worker-a');
    const db = database.db;
    await db.transaction(async (tx) => {
      expect(await holdJobs(tx, { jobs: [first], workerId: 'worker-a' })).toEqual(new Set());
      expect(await holdJobs(tx, { jobs: [second], workerId: 'worker-a' })).toEqual(new Set([second.id]));
    });
    expect(
      await completeJob(db, { id: first.id, workerId: 'worker-a', now: later, attempt: first.attempts }),
    ).toBe(false);
    expect(
      await completeJob(db, { id: second.id, workerId: 'worker-a', now: later, attempt: second.attempts }),
    ).toBe(true);
  });

  it('leaves the second run running when the first one fails', async () => {
    const { first, later } = await claimedTwiceBySameWorker('lease-test-fail', 'worker-b');
    const db = database.db;
    await failJob(db, {
      id: first.id,
      workerId: 'worker-b',
      now: later,
      error: 'the first run failed late',
      retryAt: new Date(later.getTime() + 1_000),
      attempt: first.attempts,
    });
    const [stored] = await findJobs(db, 'lease-test-fail');
    expect(stored).toMatchObject({ status: 'running', attempts: 2, lockedBy: 'worker-b', lastError: null });
  });
});
