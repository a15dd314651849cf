import type { Executor } from '#src/db/client.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screeningEventOf } from '#src/modules/compliance/screening.service.ts';
import { placeEachByCurrentStatus } from './placement.service.ts';
import { closeScreeningReview, placeInScreeningReview } from './review-placement.service.ts';

// What the back office does with the outbox's events (ADR 0056), in the relay's transaction: a status
// change places the application in its work queue (ADR 0021); a screening hit puts it into the review
// bucket, a decision that leaves no hit open closes the reviewer's item (ADR 0022). Each reads what is
// current when the event is handed on, so handing an event on twice, or late, changes nothing wrongly. The
// event's time is the placement's: the item waits in its bucket from the change that put it there.
//
// The relay hands on a batch of events at once (publishBatch, ADR 0085): the status changes of many
// applications are placed together (their states read in one statement), each at the time of its first
// status event in the batch — where a placement by the current status was made event by event; later
// events of the same application found it placed already. A screening event is handled where it stands:
// the status changes before it are placed first, so the order of the two kinds is as event by event.

async function placeFromEvents(events: readonly OutboxEventRow[], tx: Executor): Promise<void> {
  const placedAt = new Map<string, Date>();
  const placeWaiting = async () => {
    if (placedAt.size === 0) return;
    await placeEachByCurrentStatus(tx, placedAt);
    placedAt.clear();
  };
  for (const event of events) {
    if (event.eventName === 'loan-application-status-changed') {
      if (!placedAt.has(event.loanApplicationId)) placedAt.set(event.loanApplicationId, event.createdAt);
      continue;
    }
    const screening = screeningEventOf(event);
    if (screening?.kind === 'application-screened' && screening.payload.Hits > 0) {
      await placeWaiting();
      await placeInScreeningReview(tx, event.loanApplicationId, event.createdAt);
    } else if (screening?.kind === 'screening-decided') {
      await placeWaiting();
      await closeScreeningReview(tx, {
        applicationId: event.loanApplicationId,
        decidedBy: screening.payload.DecidedBy,
        now: event.createdAt,
      });
    }
  }
  await placeWaiting();
}

export function workQueueEventSubscriber(): EventPublisher {
  const publish: EventPublisher = (event, tx) => placeFromEvents([event], tx);
  publish.publishBatch = placeFromEvents;
  return publish;
}
