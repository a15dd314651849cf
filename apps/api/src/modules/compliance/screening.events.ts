import { applicationStatus } from '@nordloan/domain/statuses';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screenSubmission } from './screening.service.ts';
import type { ScreeningAdapter } from './screening-adapter.ts';

// What compliance does with the outbox's events (ADR 0056): every submission (a status change to 160, by
// the applicant or by staff) is screened in the relay's transaction. A provider that does not answer fails
// the publish: the event is put off and tried again (jobs/outbox-relay.ts), and the application waits at
// 200 unscreened (screeningHoldsOf) — it never reaches the lenders without a screening.

export function screeningEventSubscriber(options: {
  screening: ScreeningAdapter;
  now: () => Date;
}): EventPublisher {
  return async (event, tx) => {
    if (
      event.eventName !== 'loan-application-status-changed' ||
      Number(event.payload.To) !== applicationStatus.submitted
    )
      return;
    await screenSubmission(tx, {
      applicationId: event.loanApplicationId,
      adapter: options.screening,
      submittedAt: event.createdAt,
      now: options.now(),
    });
  };
}
