import type { EventName } from '@nordloan/domain/enums';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { outboxEvent } from '#src/db/schema/lending.ts';

// SQL of the transactional outbox: events are written in the transaction that caused them and handed
// on by outbox-relay.ts.

export interface NewOutboxEvent {
  eventName: EventName;
  aggregateType: 'loan-application' | 'loan-quote';
  aggregateId: string;
  loanApplicationId: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export async function insertOutboxEvents(db: Executor, events: NewOutboxEvent[]) {
  if (events.length === 0) return;
  await db.insert(outboxEvent).values(events);
}

export async function listOutboxEvents(db: Executor, applicationId: string) {
  return db
    .select()
    .from(outboxEvent)
    .where(eq(outboxEvent.loanApplicationId, applicationId))
    .orderBy(asc(outboxEvent.id));
}

/** Unpublished events, oldest first, locked for this relay (SKIP LOCKED: another relay takes the next ones). */
export async function claimUnpublishedEvents(db: Executor, limit: number) {
  return db
    .select()
    .from(outboxEvent)
    .where(isNull(outboxEvent.publishedAt))
    .orderBy(asc(outboxEvent.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventsPublished(db: Executor, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.update(outboxEvent).set({ publishedAt: now }).where(inArray(outboxEvent.id, ids));
}
