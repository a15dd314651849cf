import { expect } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';

/**
 * The application's status history is one chain (each move from where the last one ended) with no step
 * twice, and every move has its status-changed event: what a job run twice, or two workers at once, must
 * never break.
 */
export async function expectOneChain(t: { database: DatabaseHandle }, applicationId: string): Promise<void> {
  const history = await listStatusTransitions(t.database.db, applicationId);
  for (let index = 1; index < history.length; index++) {
    expect(history[index]!.fromStatus).toBe(history[index - 1]!.toStatus);
  }
  const steps = history.map((row) => `${row.fromStatus}>${row.toStatus}`);
  expect(new Set(steps).size).toBe(steps.length);
  const changed = (await listOutboxEvents(t.database.db, applicationId)).filter(
    (event) => event.eventName === 'loan-application-status-changed',
  );
  expect(changed).toHaveLength(history.length);
}
