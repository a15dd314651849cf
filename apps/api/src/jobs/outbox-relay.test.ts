import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { insertOutboxEvents, takeUnpublishedEvents } from './outbox.repository.ts';
import {
  type EventPublisher,
  outboxRelayTick,
  publishToAll,
  relayOutbox,
  retryDelayMs,
} from './outbox-relay.ts';

// The relay's tick drains a backlog in batches, bounded per tick.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());
// Each test starts from an outbox with nothing left to hand on, whatever the one before it left.
afterEach(async () => {
  await database.withSession((session) =>
    session.query('UPDATE outbox_event SET published_at = now() WHERE published_at IS NULL'),
  );
});

async function unpublished(): Promise<number> {
  const rows = await database.withSession((session) =>
    session.query<{ count: number | string }>(
      'SELECT count(*) AS count FROM outbox_event WHERE published_at IS NULL',
    ),
  );
  return Number(rows[0]?.count ?? 0);
}

const now = () => new Date('2026-11-27T06:00:00Z');

interface StoredEvent {
  id: string | number;
  payload: { index: number };
  publish_attempts: number;
  last_error: string | null;
  retry_at: string | Date | null;
}

/** An application's unpublished events, oldest first, as stored. */
async function unpublishedOf(applicationId: string): Promise<StoredEvent[]> {
  return database.withSession((session) =>
    session.query<StoredEvent>(
      `SELECT id, payload, publish_attempts, last_error, retry_at FROM outbox_event
        WHERE published_at IS NULL AND loan_application_id = $1 ORDER BY id`,
      [applicationId],
    ),
  );
}

/** `count` unpublished events of a new application, payload { index } in the order written. */
async function writeEvents(count: number): Promise<string> {
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
  return application!.id;
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
  it('puts off an event that cannot be published; other applications’ events go on, its own wait for it', async () => {
    const first = await writeEvents(3);
    const second = await writeEvents(2);
    const logged: object[] = [];
    const handedOn: string[] = [];
    let failing = true;
    const publish = async (event: OutboxEventRow) => {
      const name = `${event.loanApplicationId === first ? 'A' : 'B'}${(event.payload as { index: number }).index}`;
      if (name === 'A1' && failing) throw new Error('the message for it cannot be made');
      handedOn.push(name);
    };
    const log = { warn: (object: object) => logged.push(object) };
    expect(await relayOutbox({ db: database.db, now, publish, log })).toBeGreaterThan(0);
    // The batch's own attempt handed A0 on before it was rolled back: at least once, as ever.
    expect(handedOn).toEqual(['A0', 'A0', 'B0', 'B1']);
    expect(await unpublishedOf(second)).toEqual([]);
    const [putOff, behind] = await unpublishedOf(first);
    expect(putOff).toMatchObject({
      payload: { index: 1 },
      publish_attempts: 1,
      last_error: 'the message for it cannot be made',
    });
    expect(new Date(putOff!.retry_at!).getTime()).toBe(now().getTime() + 60_000);
    expect(behind).toMatchObject({ payload: { index: 2 }, publish_attempts: 0, retry_at: null });
    expect(logged).toEqual([
      expect.objectContaining({
        eventId: Number(putOff!.id),
        attempts: 1,
        err: 'the message for it cannot be made',
      }),
    ]);
    // Its payload is not logged (it may name the applicant).
    expect(JSON.stringify(logged)).not.toContain('index');

    // Not taken again before its retry time; then it and the event behind it go, in their order (the
    // one behind it in the relay's next batch: it was still behind a put-off event when this one was taken).
    expect(await relayOutbox({ db: database.db, now, publish, log })).toBe(0);
    failing = false;
    const later = () => new Date(now().getTime() + 60_000);
    expect(await relayOutbox({ db: database.db, now: later, publish, log })).toBe(1);
    expect(await relayOutbox({ db: database.db, now: later, publish, log })).toBe(1);
    expect(handedOn.slice(4)).toEqual(['A1', 'A2']);
    expect(await unpublished()).toBe(0);
  });

  it('when every publish fails (the publisher is broken) puts off one event and fails the tick', async () => {
    const first = await writeEvents(2);
    const second = await writeEvents(1);
    const broken = async () => {
      throw new Error('cannot render any message');
    };
    // The first failure puts its event off; the second in a row (another application's) ends the pass.
    await expect(relayOutbox({ db: database.db, now, publish: broken })).rejects.toThrow(
      'cannot render any message',
    );
    expect((await unpublishedOf(first)).map((event) => event.publish_attempts)).toEqual([1, 0]);
    expect((await unpublishedOf(second)).map((event) => event.publish_attempts)).toEqual([0]);
  });

  it('puts nothing off for a failure of the database itself (a deadlock): the tick fails and the events stay', async () => {
    const application = await writeEvents(2);
    const deadlock = async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    };
    await expect(relayOutbox({ db: database.db, now, publish: deadlock })).rejects.toThrow(
      'deadlock detected',
    );
    expect((await unpublishedOf(application)).map((event) => event.publish_attempts)).toEqual([0, 0]);
    await relayOutbox({ db: database.db, now, publish: async () => {} });
    expect(await unpublished()).toBe(0);
  });

  it('waits a minute after the first failed attempt, doubling, at most half an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual(
      [1, 2, 4, 8, 16, 30, 30].map((minutes) => minutes * 60_000),
    );
  });

  it('still fails when the events cannot even be taken (the database, not an event)', async () => {
    const broken = {
      transaction: async () => {
        throw new Error('connection refused');
      },
    } as unknown as DatabaseHandle['db'];
    await expect(relayOutbox({ db: broken, now, publish: async () => {} })).rejects.toThrow(
      'connection refused',
    );
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

describe('relayOutbox with a batch publisher (ADR 0085)', () => {
  const nameOf = (event: OutboxEventRow, first: string) =>
    `${event.loanApplicationId === first ? 'A' : 'B'}${(event.payload as { index: number }).index}`;

  it('hands a batch publisher every event of the transaction at once, after the per-event ones, each in order', async () => {
    const first = await writeEvents(2);
    await writeEvents(1);
    const calls: string[] = [];
    const perEvent: EventPublisher = async (event) => {
      calls.push(`each ${nameOf(event, first)}`);
    };
    const batched: EventPublisher = async (event) => {
      calls.push(`alone ${nameOf(event, first)}`);
    };
    batched.publishBatch = async (events) => {
      calls.push(`batch ${events.map((event) => nameOf(event, first)).join(' ')}`);
    };
    expect(
      await relayOutbox({ db: database.db, now, publish: publishToAll([perEvent, publishToAll([batched])]) }),
    ).toBe(3);
    expect(calls).toEqual(['each A0', 'each A1', 'each B0', 'batch A0 A1 B0']);
    expect(await unpublished()).toBe(0);
  });

  it('a batch that fails is handed on event by event: the failing event is put off, the others go on', async () => {
    const first = await writeEvents(2);
    const second = await writeEvents(1);
    const handedOn: string[][] = [];
    const publish: EventPublisher = async () => {
      throw new Error('the relay hands a batch publisher batches');
    };
    publish.publishBatch = async (events) => {
      const names = events.map((event) => nameOf(event, first));
      if (names.includes('A1')) throw new Error('the message for A1 cannot be made');
      handedOn.push(names);
    };
    const logged: object[] = [];
    await relayOutbox({ db: database.db, now, publish, log: { warn: (object) => logged.push(object) } });
    // The batch was rolled back; then one event a transaction: A0 and B0 go, A1 waits for its retry.
    expect(handedOn).toEqual([['A0'], ['B0']]);
    expect(await unpublishedOf(second)).toEqual([]);
    expect(
      (await unpublishedOf(first)).map((event) => [event.payload.index, event.publish_attempts]),
    ).toEqual([[1, 1]]);
    expect(logged).toEqual([expect.objectContaining({ err: 'the message for A1 cannot be made' })]);
  });
});
