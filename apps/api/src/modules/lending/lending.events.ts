import { type ApplicationStatusCode, applicationStatus, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import { enqueueJobs, type NewJob } from '#src/jobs/job.repository.ts';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screeningEventOf, screeningHoldOf } from '#src/modules/compliance/screening.service.ts';
import { findApplicationsByIds } from '#src/modules/loan-applications/application-read.repository.ts';
import { endOpenWork } from './closing/end-open-work.service.ts';
import { intakeJobOf } from './intake/intake.service.ts';

// What the lending engine does with compliance's events (ADR 0056), in the relay's transaction, each by
// the application as it is when the event is handed on:
// - screened: a submission (160) starts its intake — after the screening, so no register or lender is
//   asked about an unscreened applicant; a hit holds it at 200 (intake.service.ts);
// - screened or cleared: an application held at 200 that nothing holds any longer goes on to the lenders;
// - blocked (198/199): its lenders' open requests and offers end (x82 "cancelled by broker"), as a block
//   through the lifecycle's route ends them.
// The intake job is one per revision and endOpenWork ends nothing twice: a second delivery changes nothing.

/**
 * The events of one relay transaction (ADR 0085): their applications read in one statement and their intake
 * jobs queued in one. Neither step changes an application's status, so one read serves every event of it.
 */
async function reactToScreenings(events: readonly OutboxEventRow[], tx: Executor): Promise<void> {
  const screenings = events.flatMap((event) => {
    const screening = screeningEventOf(event);
    return screening ? [{ event, screening }] : [];
  });
  if (screenings.length === 0) return;
  const applications = await findApplicationsByIds(tx, [
    ...new Set(screenings.map(({ event }) => event.loanApplicationId)),
  ]);
  const intakes = new Map<string, NewJob>();
  for (const { event, screening } of screenings) {
    const application: LoanApplicationRow | undefined = applications.get(event.loanApplicationId);
    if (!application) continue;
    const goesOn =
      (screening.kind === 'application-screened' && application.status === applicationStatus.submitted) ||
      (application.status === applicationStatus.completed && !(await screeningHoldOf(tx, application.id)));
    const intake = intakeJobOf(application, event.createdAt);
    if (goesOn && !intakes.has(intake.dedupeKey!)) intakes.set(intake.dedupeKey!, intake);
    if (
      screening.kind === 'screening-decided' &&
      screening.payload.Decision === 'block' &&
      isTerminalStatus(application.status as ApplicationStatusCode)
    ) {
      await endOpenWork(tx, {
        applicationId: application.id,
        ending: 'cancelled',
        now: event.createdAt,
        reason: `Screening hit blocked: ${screening.payload.Reason}`,
      });
    }
  }
  await enqueueJobs(tx, [...intakes.values()]);
}

export function lendingEventSubscriber(): EventPublisher {
  const subscriber: EventPublisher = (event, tx) => reactToScreenings([event], tx);
  subscriber.publishBatch = reactToScreenings;
  return subscriber;
}
