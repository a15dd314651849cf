import { type ApplicationStatusCode, applicationStatus, isTerminalStatus } from '@nordloan/domain/statuses';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import { screeningEventOf, screeningHoldOf } from '#src/modules/compliance/screening.service.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { endOpenWork } from './closing/end-open-work.service.ts';
import { enqueueIntake } from './intake/intake.service.ts';

// What the lending engine does with compliance's events (ADR 0056), in the relay's transaction, each by
// the application as it is when the event is handed on:
// - screened: a submission (160) starts its intake — after the screening, so no register or lender is
//   asked about an unscreened applicant; a hit holds it at 200 (intake.service.ts);
// - screened or cleared: an application held at 200 that nothing holds any longer goes on to the lenders;
// - blocked (198/199): its lenders' open requests and offers end (x82 "cancelled by broker"), as a block
//   through the lifecycle's route ends them.
// The intake job is one per revision and endOpenWork ends nothing twice: a second delivery changes nothing.

export function lendingEventSubscriber(): EventPublisher {
  return async (event, tx) => {
    const screening = screeningEventOf(event);
    if (!screening) return;
    const application = await findApplicationById(tx, event.loanApplicationId);
    if (!application) return;
    const goesOn =
      (screening.kind === 'application-screened' && application.status === applicationStatus.submitted) ||
      (application.status === applicationStatus.completed && !(await screeningHoldOf(tx, application.id)));
    if (goesOn) await enqueueIntake(tx, application, event.createdAt);
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
  };
}
