import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { insertOutboxEvents, takeUnpublishedEvents } from './outbox.repository.ts';
import { outboxRelayTick, relayOutbox } from './outbox-relay.ts';

// The relay's tick drains a backlog in batches, bounded per tick.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

async function unpublished(): Promise<number> {
  const rows = await database.withSession((session) =>
    session.query<{ count: number | string }>(
      'SELECT count(*) AS count FROM outbox_event WHERE published_at IS NULL',
    ),
  );
  return Number(rows[0]?.count ?? 0);
}

const now = () => new Date('2026-11-27T06:00:00Z');

/** `count` unpublished events of a new application, payload { index } in the order written. */
async function writeEvents(count: number) {
  // The application the events are about (raw SQL: jobs/ sits below the modules).
  const [application] = await database.withSession((session) =>
    session.query<{ id: string }>(
      `INSERT INTO loan_application (product, brand, country) VALUES ('UnsecuredLoan', 'no-main', 'NO') RETURNING id`,
    ),
  );
  await insertOutboxEvents(
    database.db,
    Array.from({ length: count }, (_, index) => ({
      eventName: 'loan-application-status-changed' as const,
      aggregateType: 'loan-application' as const,
      aggregateId: application!.id,
      loanApplicationId: application!.id,
      payload: { index },
      createdAt: now(),
    })),
  );
}

describe('outboxRelayTick', () => {
  it('hands on a backlog batch after batch within one tick, oldest first, up to its bound', async () => {
    await writeEvents(25);
    const published: number[] = [];
    const tick = (maxBatchesPerTick: number) =>
      outboxRelayTick({
        db: database.db,
        now,
        batchSize: 10,
        maxBatchesPerTick,
        publish: async (event) => {
          published.push((event.payload as { index: number }).index);
        },
      });

    await tick(2)();
    expect(published).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(await unpublished()).toBe(5);
    await tick(10)();
    expect(published).toHaveLength(25);
    expect(await unpublished()).toBe(0);
  });
});

describe('relayOutbox', () => {
  it('hands nothing on as published when publishing fails: the events stay for the next relay', async () => {
    await writeEvents(3);
    const failing = relayOutbox({
      db: database.db,
      now,
      publish: async () => {
        throw new Error('the message service is down');
      },
    });
    await expect(failing).rejects.toThrow('the message service is down');
    expect(await unpublished()).toBe(3);
    const indexes: number[] = [];
    await relayOutbox({
      db: database.db,
      now,
      publish: async (event) => {
        indexes.push((event.payload as { index: number }).index);
      },
    });
    expect(indexes).toEqual([0, 1, 2]);
    expect(await unpublished()).toBe(0);
  });
});

// Two relays at once (two API instances) take different events: PGlite has one connection, so PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)('two relays at once (PostgreSQL)', () => {
  it('take different events, each oldest first, while both transactions are open', async () => {
    await writeEvents(6);
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstTook: number[] = [];
    let tookFirst = () => {};
    const firstHasTaken = new Promise<void>((resolve) => {
      tookFirst = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      const events = await takeUnpublishedEvents(tx, { limit: 4, now: now() });
      firstTook = events.map((event) => (event.payload as { index: number }).index);
      tookFirst();
      await firstHolds;
    });
    await firstHasTaken;
    const secondTook = await database.db.transaction(async (tx) =>
      (await takeUnpublishedEvents(tx, { limit: 4, now: now() })).map(
        (event) => (event.payload as { index: number }).index,
      ),
    );
    releaseFirst();
    await first;
    expect(firstTook).toEqual([0, 1, 2, 3]);
    expect(secondTook).toEqual([4, 5]);
    expect(await unpublished()).toBe(0);
  });
});
