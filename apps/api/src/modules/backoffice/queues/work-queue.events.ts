import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screeningEventOf } from '#src/modules/compliance/screening.service.ts';
import { placeByCurrentStatus } from './placement.service.ts';
import { closeScreeningReview, placeInScreeningReview } from './review-placement.service.ts';

// What the back office does with the outbox's events (ADR 0056), in the relay's transaction: a status
// change places the application in its work queue (ADR 0021); a screening hit puts it into the review
// bucket, a decision that leaves no hit open closes the reviewer's item (ADR 0022). Each reads what is
// current when the event is handed on, so handing an event on twice, or late, changes nothing wrongly. The
// event's time is the placement's: the item waits in its bucket from the change that put it there.

export function workQueueEventSubscriber(): EventPublisher {
  return async (event, tx) => {
    if (event.eventName === 'loan-application-status-changed') {
      await placeByCurrentStatus(tx, [event.loanApplicationId], event.createdAt);
      return;
    }
    const screening = screeningEventOf(event);
    if (screening?.kind === 'application-screened' && screening.payload.Hits > 0) {
      await placeInScreeningReview(tx, event.loanApplicationId, event.createdAt);
    } else if (screening?.kind === 'screening-decided') {
      await closeScreeningReview(tx, {
        applicationId: event.loanApplicationId,
        decidedBy: screening.payload.DecidedBy,
        now: event.createdAt,
      });
    }
  };
}
