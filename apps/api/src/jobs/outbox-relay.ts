import type { Db, Executor } from '#src/db/client.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import { takeUnpublishedEvents } from './outbox.repository.ts';
import type { WorkerLogger } from './worker.ts';

// Hands the outbox's events on, oldest first, and marks them published in the same transaction: a crash
// before the commit hands them on again (at-least-once; consumers dedupe on the event id). The rows are
// taken FOR UPDATE SKIP LOCKED, so several instances relay different events. Taking and marking is one
// statement (ADR 0048): the relay writes every event a second time, ≈ 20 per application in a fan-out.

/**
 * Gets the relay's transaction: what it writes (e.g. a message to send) commits with "published". The event
 * comes already marked (its `publishedAt` set): taking and marking are one statement.
 */
export type EventPublisher = (event: OutboxEventRow, tx: Executor) => Promise<void>;

export async function relayOutbox(options: {
  db: Db;
  now: () => Date;
  publish: EventPublisher;
  limit?: number;
}): Promise<number> {
  return options.db.transaction(async (tx) => {
    const events = await takeUnpublishedEvents(tx, { limit: options.limit ?? 100, now: options.now() });
    for (const event of events) await options.publish(event, tx);
    return events.length;
  });
}

/**
 * The relay as a worker's tick (JobWorkerOptions.onTick): events go to `publish`, a debug line by default.
 * A tick drains a backlog batch after batch, up to `maxBatchesPerTick`: at one batch a tick the relay
 * handed on at most 100 events per poll interval while the worker was busy (≈ 200 a second), fewer than a
 * busy fan-out writes (ADR 0047: ≈ 15 events per application). The worker runs its tick beside the jobs,
 * so a long drain holds back no claim; bounded, so that stopping the worker waits for one tick at most.
 */
export function outboxRelayTick(options: {
  db: Db;
  now: () => Date;
  log?: Pick<WorkerLogger, 'debug'>;
  publish?: EventPublisher;
  batchSize?: number;
  maxBatchesPerTick?: number;
}): () => Promise<void> {
  const { db, now, log, batchSize = 200, maxBatchesPerTick = 50 } = options;
  const publish: EventPublisher =
    options.publish ??
    (async (event) =>
      log?.debug({ eventId: event.id, event: event.eventName, aggregateId: event.aggregateId }, 'event'));
  return async () => {
    for (let batch = 0; batch < maxBatchesPerTick; batch++) {
      if ((await relayOutbox({ db, now, publish, limit: batchSize })) < batchSize) return;
    }
  };
}
