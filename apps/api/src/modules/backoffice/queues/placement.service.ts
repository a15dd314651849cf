import { workQueueRuleFor } from '@nordloan/domain/backoffice';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { bucket } from '#src/db/schema/backoffice.ts';
import { findOpenAssignment, openAssignment } from '../assignment.repository.ts';
import { workQueueAgentId } from '../staff/staff.service.ts';
import { ensureRuleBucket, updateAssignmentAt } from './queue.repository.ts';

// Applications enter the work queues by status (ADR 0021): called by the status-transition service in the
// same transaction as every status change, so a queue never disagrees with the application.

/**
 * Puts the application into the bucket its status belongs in. An open item in a rule bucket moves (the
 * assignee keeps it); an end status closes it. Items in buckets staff or other modules fill by hand
 * (e.g. the screening review) are left alone: whoever placed them processes them.
 */
export async function placeInWorkQueue(
  tx: Executor,
  application: { id: string; status: number; country: string },
  now: Date,
): Promise<void> {
  const rule = workQueueRuleFor(application.status);
  const open = await findOpenAssignment(tx, application.id);
  if (open) {
    const [current] = await tx.select({ rule: bucket.rule }).from(bucket).where(eq(bucket.id, open.bucketId));
    if (!current?.rule) return;
    if (!rule) {
      await updateAssignmentAt(tx, {
        id: open.id,
        revision: open.revision,
        now,
        changes: { processedAt: now, processedBy: workQueueAgentId },
      });
      return;
    }
    if (current.rule === rule) return;
    const target = await ensureRuleBucket(tx, rule, now);
    await updateAssignmentAt(tx, {
      id: open.id,
      revision: open.revision,
      now,
      changes: { bucketId: target.id, bucketUpdatedAt: now },
    });
    return;
  }
  if (!rule) return;
  const target = await ensureRuleBucket(tx, rule, now);
  await openAssignment(tx, {
    loanApplicationId: application.id,
    bucketId: target.id,
    country: application.country,
    revision: 1,
    now,
  });
}
