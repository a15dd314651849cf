import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { insertOutboxEvents } from './outbox.repository.ts';
import { outboxRelayTick } from './outbox-relay.ts';

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

describe('outboxRelayTick', () => {
  it('hands on a backlog batch after batch within one tick, oldest first, up to its bound', async () => {
    // The application the events are about (raw SQL: jobs/ sits below the modules).
    const [application] = await database.withSession((session) =>
      session.query<{ id: string }>(
        `INSERT INTO loan_application (product, brand, country) VALUES ('UnsecuredLoan', 'no-main', 'NO') RETURNING id`,
      ),
    );
    const now = () => new Date('2026-11-27T06:00:00Z');
    await insertOutboxEvents(
      database.db,
      Array.from({ length: 25 }, (_, index) => ({
        eventName: 'loan-application-status-changed' as const,
        aggregateType: 'loan-application' as const,
        aggregateId: application!.id,
        loanApplicationId: application!.id,
        payload: { index },
        createdAt: now(),
      })),
    );
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
