import type { Executor } from '#src/db/client.ts';
import { hasOpenScreeningHit } from '#src/modules/compliance/screening.service.ts';
import { workQueueAgentId } from '#src/modules/staff/agent.repository.ts';
import { openAssignment } from '../assignment.repository.ts';
import { type BucketRow, ensureBucket } from '../bucket.repository.ts';
import { findPlacementStates, updateAssignmentsAt } from './queue.repository.ts';

// The screening review in the work queues (ADR 0022): a hit puts the application into the bucket
// `PEP and sanctions review` (a new item, or the open one moved there) until a reviewer's decision leaves
// no open hit, when the reviewer's item is marked processed. Made from compliance's events in the relay's
// transaction (work-queue.events.ts, ADR 0056), each by what is open when the event is handed on: a hit
// decided meanwhile places nothing, and a decision handed on twice closes once.

export const reviewBucketName = 'PEP and sanctions review';

async function reviewBucket(tx: Executor): Promise<BucketRow> {
  return ensureBucket(tx, {
    name: reviewBucketName,
    priority: 5,
    requiresAceAction: false,
    actions: [
      {
        role: 'Manager',
        kind: 'review',
        name: 'Clear or block the screening hit',
        description:
          'Compare the hit with the applicant (name, birth date, address); clear it or block the application.',
      },
    ],
    conditionsExplanation:
      'A PEP, RCA or sanctions screening hit on an applicant waits for a compliance decision; the application does not reach lenders until then.',
  });
}

/**
 * A screening found a hit: the application waits in the review bucket while a hit is open. Made on what was
 * read, as placement is (placement.service.ts): read again when another relay changed the item meanwhile.
 */
export async function placeInScreeningReview(tx: Executor, applicationId: string, now: Date): Promise<void> {
  if (!(await hasOpenScreeningHit(tx, applicationId))) return;
  const bucket = await reviewBucket(tx);
  for (let round = 0; round < 3; round++) {
    const [state] = await findPlacementStates(tx, [applicationId]);
    if (!state) return;
    const { open } = state;
    if (open?.assignment.bucketId === bucket.id) return;
    const placed = open
      ? (
          await updateAssignmentsAt(tx, {
            changes: [{ id: open.assignment.id, revision: open.assignment.revision, bucketId: bucket.id }],
            now,
            processedBy: workQueueAgentId,
          })
        ).size > 0
      : (await openAssignment(tx, {
          loanApplicationId: applicationId,
          bucketId: bucket.id,
          country: state.application.country,
          revision: 1,
          now,
        })) !== undefined;
    if (placed) return;
  }
}

/** A reviewer decided: with no open hit left, their review item is processed by them. */
export async function closeScreeningReview(
  tx: Executor,
  input: { applicationId: string; decidedBy: string | null; now: Date },
): Promise<void> {
  // processed_by must name an agent; a token that names none leaves the item for a person to close.
  if (!input.decidedBy || (await hasOpenScreeningHit(tx, input.applicationId))) return;
  const [state] = await findPlacementStates(tx, [input.applicationId]);
  const open = state?.open;
  if (!open || open.assignment.bucketId !== (await reviewBucket(tx)).id) return;
  await updateAssignmentsAt(tx, {
    changes: [{ id: open.assignment.id, revision: open.assignment.revision, close: true }],
    now: input.now,
    processedBy: input.decidedBy,
  });
}
