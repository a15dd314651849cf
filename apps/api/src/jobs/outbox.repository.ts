import type { EventName, ModuleEventName } from '@nordloan/domain/enums';
import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insertRowsAsJson } from '#src/db/json-rows.ts';
import { outboxEvent } from '#src/db/schema/lending.ts';
import { tracingEnabled, withTraceContext } from '#src/telemetry/tracing.ts';

// SQL of the transactional outbox: events are written in the transaction that caused them and handed
// on by outbox-relay.ts.

export interface NewOutboxEvent {
  /** A §3 event, or one of our own between modules (docs/decisions/0056). */
  eventName: EventName | ModuleEventName;
  aggregateType: 'loan-application' | 'loan-quote';
  aggregateId: string;
  loanApplicationId: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Events in their order (the relay goes by id), in one statement. */
export async function insertOutboxEvents(db: Executor, events: NewOutboxEvent[]) {
  if (events.length === 0) return;
  // The trace that wrote them, for the relay's span (ADR 0072; off: unchanged).
  const traced = tracingEnabled()
    ? events.map((event) => ({ ...event, payload: withTraceContext(event.payload) }))
    : events;
  await db.execute(insertRowsAsJson(outboxEvent, traced));
}

/**
 * `events` as an INSERT … SELECT beside the `updated` rows of a change made in the same statement
 * (changeLockedApplications' `alsoWrite`): written, in their order, only for the applications that changed.
 */
export function outboxEventsWithUpdated(events: NewOutboxEvent[]): SQL {
  const rows = events.map((event) => ({
    event_name: event.eventName,
    aggregate_type: event.aggregateType,
    aggregate_id: event.aggregateId,
    loan_application_id: event.loanApplicationId,
    payload: withTraceContext(event.payload),
    created_at: event.createdAt.toISOString(),
  }));
  return sql`INSERT INTO ${outboxEvent}
      (event_name, aggregate_type, aggregate_id, loan_application_id, payload, created_at)
    SELECT e.event_name, e.aggregate_type, e.aggregate_id, e.loan_application_id, e.payload, e.created_at
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (
             event_name text, aggregate_type text, aggregate_id uuid, loan_application_id uuid,
             payload jsonb, created_at timestamptz))
           WITH ORDINALITY AS e(event_name, aggregate_type, aggregate_id, loan_application_id, payload,
                                created_at, position)
     WHERE e.loan_application_id IN (SELECT id FROM updated)
     ORDER BY e.position`;
}

export async function listOutboxEvents(db: Executor, applicationId: string) {
  return db
    .select()
    .from(outboxEvent)
    .where(eq(outboxEvent.loanApplicationId, applicationId))
    .orderBy(asc(outboxEvent.id));
}

/**
 * No earlier event of the same application waits put off (putOffEvent): an application's events go in
 * their order, none after one of its own that was put off. Part of what the relay may take now, and of the
 * operators' "oldest event the relay could take" (queue-health.repository.ts).
 */
export function notBehindAPutOffEvent(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${outboxEvent} AS earlier
                          WHERE earlier.loan_application_id = ${outboxEvent.loanApplicationId}
                            AND earlier.published_at IS NULL AND earlier.retry_at IS NOT NULL
                            AND earlier.id < ${outboxEvent.id})`;
}

/**
 * Takes the oldest unpublished events for this relay and marks them published at `now`, in one statement:
 * the caller's transaction hands them on before it commits, so a crash hands them on again. SKIP LOCKED:
 * another relay takes the next ones. Oldest first (RETURNING keeps no order, so they are sorted here). An
 * event put off after a failed attempt (putOffEvent) waits for its retry_at, and its application's later
 * events wait for it (consumers pick what to do from an event's own fields, e.g. which status it reached).
 */
export async function takeUnpublishedEvents(db: Executor, options: { limit: number; now: Date }) {
  const oldestUnpublished = db
    .select({ id: outboxEvent.id })
    .from(outboxEvent)
    .where(
      and(
        isNull(outboxEvent.publishedAt),
        or(isNull(outboxEvent.retryAt), lte(outboxEvent.retryAt, options.now)),
        notBehindAPutOffEvent(),
      ),
    )
    .orderBy(asc(outboxEvent.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const events = await db
    .update(outboxEvent)
    .set({ publishedAt: options.now })
    .where(inArray(outboxEvent.id, oldestUnpublished))
    .returning();
  return events.sort((a, b) => a.id - b.id);
}

/**
 * An event whose publishing failed: not published, one attempt more, its error kept, taken again from
 * `retryAt` on. Written outside the relay's rolled-back transaction.
 */
export async function putOffEvent(
  db: Executor,
  input: { id: number; attempts: number; error: string; retryAt: Date },
) {
  await db
    .update(outboxEvent)
    .set({ publishAttempts: input.attempts, lastError: input.error, retryAt: input.retryAt })
    .where(and(eq(outboxEvent.id, input.id), isNull(outboxEvent.publishedAt)));
}
