import { applicationStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screenSubmissions } from './screening.service.ts';
import type { ScreeningAdapter } from './screening-adapter.ts';

// What compliance does with the outbox's events (ADR 0056): every submission (a status change to 160, by
// the applicant or by staff) is screened in the relay's transaction. A provider that does not answer fails
// the publish: the event is put off and tried again (jobs/outbox-relay.ts), and the application waits at
// 200 unscreened (screeningHoldsOf) — it never reaches the lenders without a screening. The relay hands on
// a batch at once (publishBatch, ADR 0085): the batch's submissions are locked, read and stored together.

export function screeningEventSubscriber(options: {
  screening: ScreeningAdapter;
  now: () => Date;
}): EventPublisher {
  const screen = async (events: readonly OutboxEventRow[], tx: Executor) => {
    const submissions = events
      .filter(
        (event) =>
          event.eventName === 'loan-application-status-changed' &&
          Number(event.payload.To) === applicationStatus.submitted,
      )
      .map((event) => ({ applicationId: event.loanApplicationId, submittedAt: event.createdAt }));
    if (submissions.length === 0) return;
    await screenSubmissions(tx, { submissions, adapter: options.screening, now: options.now() });
  };
  const publish: EventPublisher = (event, tx) => screen([event], tx);
  publish.publishBatch = screen;
  return publish;
}
