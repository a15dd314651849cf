import type { Db, Executor } from '#src/db/client.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import { errorMessageOf, isTransientDatabaseError } from '#src/lib/error-message.ts';
import { inCarriedSpan, withoutTraceContext } from '#src/telemetry/tracing.ts';
import { putOffEvent, takeUnpublishedEvents } from './outbox.repository.ts';
import type { WorkerLogger } from './worker.ts';

// Hands the outbox's events on, oldest first, and marks them published in the same transaction: a crash
// before the commit hands them on again (at-least-once; consumers dedupe on the event id). The rows are
// taken FOR UPDATE SKIP LOCKED, so several instances relay different events. Taking and marking is one
// statement (ADR 0048): the relay writes every event a second time, ≈ 20 per application in a fan-out.

/**
 * Gets the relay's transaction: what it writes (e.g. a message to send) commits with "published". The event
 * comes already marked (its `publishedAt` set): taking and marking are one statement.
 *
 * `publishBatch`, when given, is called instead, once with every event of the relay's transaction (oldest
 * first; one event alone when the relay singles events out): a consumer that reads something per event
 * (the application, its queue item) reads it once for the batch (ADR 0085). It is the same reaction as a
 * call per event, so the call per event stays for whoever hands on one event outside the relay.
 */
export type EventPublisher = ((event: OutboxEventRow, tx: Executor) => Promise<void>) & {
  publishBatch?: (events: readonly OutboxEventRow[], tx: Executor) => Promise<void>;
};

/** What publishToAll combined, flattened: the relay hands on to the per-event ones and the batch ones apart. */
const membersOfCombined = new WeakMap<EventPublisher, readonly EventPublisher[]>();

/**
 * Several publishers as one, each in turn for every event, all in the relay's transaction: the modules that
 * react to events (docs/decisions/0056) and the notifications. One that fails fails the event, which is put
 * off and handed to all of them again later — so each must be idempotent (the event id is not remembered).
 * In the relay, those without `publishBatch` get each event in turn first, then those with it the batch
 * (publishEvents): they read what is current, so the order between them does not change what they do.
 */
export function publishToAll(publishers: readonly EventPublisher[]): EventPublisher {
  const members = publishers.flatMap((publisher) => membersOfCombined.get(publisher) ?? [publisher]);
  const all: EventPublisher = async (event, tx) => {
    for (const publish of members) await publish(event, tx);
  };
  membersOfCombined.set(all, members);
  return all;
}

/**
 * Hands the events of one relay transaction to `publish`: each event in its own span to the publishers
 * that take one event at a time, then the whole batch to those with `publishBatch`, in one span that
 * continues the first event's trace and links every event's (as a batch of jobs does, ADR 0072).
 */
async function publishEvents(
  publish: EventPublisher,
  events: readonly OutboxEventRow[],
  tx: Executor,
): Promise<void> {
  if (events.length === 0) return;
  const members = membersOfCombined.get(publish) ?? [publish];
  const perEvent = members.filter((member) => !member.publishBatch);
  const batched = members.filter((member) => member.publishBatch);
  if (perEvent.length > 0) {
    const each: EventPublisher =
      perEvent.length === 1
        ? perEvent[0]!
        : async (event, eventTx) => {
            for (const member of perEvent) await member(event, eventTx);
          };
    for (const event of events) await publishInSpan(each, event, tx);
  }
  if (batched.length === 0) return;
  await inCarriedSpan(
    events.length === 1 ? `outbox ${events[0]!.eventName}` : 'outbox batch',
    events.map((event) => event.payload),
    () => ({
      'nordloan.event.count': events.length,
      'nordloan.event.names': [...new Set(events.map((event) => event.eventName))],
    }),
    async () => {
      const handedOn = events.map((event) => {
        const payload = withoutTraceContext(event.payload);
        return payload === event.payload ? event : { ...event, payload };
      });
      for (const member of batched) await member.publishBatch!(handedOn, tx);
    },
  );
}

/**
 * Hands one event on in a span of the trace that wrote it (ADR 0072): what its consumers queue continues
 * that trace. They get the payload without the carried context. Off: the event as stored, less `_trace`.
 */
function publishInSpan(publish: EventPublisher, event: OutboxEventRow, tx: Executor): Promise<void> {
  return inCarriedSpan(
    `outbox ${event.eventName}`,
    [event.payload],
    () => ({ 'nordloan.event.name': event.eventName, 'nordloan.event.id': event.id }),
    () => {
      const payload = withoutTraceContext(event.payload);
      return publish(payload === event.payload ? event : { ...event, payload }, tx);
    },
  );
}

/** How long a failed event waits before its next attempt: a minute, doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/**
 * Hands on up to `limit` events in one transaction. When a publish fails the batch is rolled back and
 * handed on again event by event (relayEachAlone): the events that can be published are, and the one that
 * failed is put off — so an event that cannot be published (its message cannot be made, say) no longer holds
 * back every event after it. Answers how many events it dealt with.
 */
export async function relayOutbox(options: {
  db: Db;
  now: () => Date;
  publish: EventPublisher;
  limit?: number;
  log?: Pick<WorkerLogger, 'warn'>;
}): Promise<number> {
  const limit = options.limit ?? 100;
  let taken = false;
  try {
    return await options.db.transaction(async (tx) => {
      const events = await takeUnpublishedEvents(tx, { limit, now: options.now() });
      taken = true;
      await publishEvents(options.publish, events, tx);
      return events.length;
    });
  } catch (error) {
    // The take itself failed (the database, not an event): nothing to single out.
    if (!taken) throw error;
    return relayEachAlone({ ...options, limit });
  }
}

/**
 * The batch's events one transaction each. A failed one is put off (putOffEvent: attempts, error, retry
 * time) — unless the failure is the database's (a lost connection, a deadlock: nothing wrong with the
 * event) or the second in a row (then the publisher itself is failing): those end the pass with the error,
 * which the worker's tick logs, and leave the event as it was.
 */
async function relayEachAlone(options: {
  db: Db;
  now: () => Date;
  publish: EventPublisher;
  limit: number;
  log?: Pick<WorkerLogger, 'warn'>;
}): Promise<number> {
  let dealtWith = 0;
  let lastFailed = false;
  while (dealtWith < options.limit) {
    let taken: OutboxEventRow | undefined;
    try {
      const relayed = await options.db.transaction(async (tx) => {
        [taken] = await takeUnpublishedEvents(tx, { limit: 1, now: options.now() });
        if (taken) await publishEvents(options.publish, [taken], tx);
        return taken !== undefined;
      });
      if (!relayed) break;
      lastFailed = false;
    } catch (error) {
      if (!taken || lastFailed || isTransientDatabaseError(error)) throw error;
      lastFailed = true;
      const attempts = taken.publishAttempts + 1;
      const retryAt = new Date(options.now().getTime() + retryDelayMs(attempts));
      const message = errorMessageOf(error);
      // The event's id and name only: its payload may name the applicant. Logged first: should putting it
      // off fail too, the publish error is not lost.
      options.log?.warn(
        { eventId: taken.id, event: taken.eventName, attempts, retryAt, err: message },
        'outbox event could not be published; put off',
      );
      await putOffEvent(options.db, { id: taken.id, attempts, error: message, retryAt });
    }
    dealtWith++;
  }
  return dealtWith;
}

/**
 * The relay as a worker's tick (JobWorkerOptions.onTick): events go to `publish`, a debug line by default.
 * A tick drains a backlog batch after batch, up to `maxBatchesPerTick`: at one batch a tick the relay
 * handed on at most 100 events per poll interval while the worker was busy (≈ 200 a second), fewer than a
 * busy fan-out writes (ADR 0047: ≈ 15 events per application). It goes on until a batch finds nothing:
 * a publisher may write events of its own (compliance's screening result, ADR 0056), which the same tick
 * then hands on. The worker runs its tick beside the jobs, so a long drain holds back no claim; bounded, so
 * that stopping the worker waits for one tick at most.
 */
export function outboxRelayTick(options: {
  db: Db;
  now: () => Date;
  log?: Pick<WorkerLogger, 'debug' | 'warn'>;
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
      if ((await relayOutbox({ db, now, publish, limit: batchSize, ...(log ? { log } : {}) })) === 0) return;
    }
  };
}
