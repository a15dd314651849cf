import { workQueueRuleFor, workQueueRules } from '@nordloan/domain/backoffice';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { assignment } from '#src/db/schema/backoffice.ts';
import { workQueueAgentId } from '../agent.repository.ts';
import {
  findOpenAssignmentWithRule,
  openAssignment,
  openAssignmentWithRuleJson,
  readOpenAssignmentWithRule,
} from '../assignment.repository.ts';
import { ensureRuleBucket, updateAssignmentAt } from './queue.repository.ts';

// Applications enter the work queues by status (ADR 0021): called by the status-transition service in the
// same transaction as every status change, so a queue never disagrees with the application.

/** The changed application's open item, read in a status change's own statement (changeLockedApplicationReading). */
export const openAssignmentOfUpdated = openAssignmentWithRuleJson(sql`updated.id`);

/**
 * Puts the application into the bucket its status belongs in. An open item in a rule bucket moves (the
 * assignee keeps it); an end status closes it. Items in buckets staff or other modules fill by hand
 * (e.g. the screening review) are left alone: whoever placed them processes them.
 */
export async function placeInWorkQueue(
  tx: Executor,
  application: { id: string; status: number; country: string },
  now: Date,
  /** The open item as `openAssignmentOfUpdated` read it in the status change's own statement. */
  known?: { openAssignment: unknown },
): Promise<void> {
  const rule = workQueueRuleFor(application.status);
  const found = known
    ? readOpenAssignmentWithRule(known.openAssignment)
    : await findOpenAssignmentWithRule(tx, application.id);
  if (found) {
    const { assignment: open, rule: currentRule } = found;
    if (!currentRule) return;
    if (!rule) {
      await updateAssignmentAt(tx, {
        id: open.id,
        revision: open.revision,
        now,
        changes: { processedAt: now, processedBy: workQueueAgentId },
      });
      return;
    }
    if (currentRule === rule) return;
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

/**
 * Places every application that was never in a queue by its status (data loaded before the rules, or
 * written around the status service, as the demo seed does). Answers how many were placed.
 */
export async function placeUnqueuedApplications(db: Executor, now: Date): Promise<number> {
  const statuses = workQueueRules.flatMap((rule) => [...rule.statuses]);
  const rows = await db
    .select({ id: loanApplication.id, status: loanApplication.status, country: loanApplication.country })
    .from(loanApplication)
    .where(
      and(
        inArray(loanApplication.status, statuses),
        notExists(
          db
            .select({ one: sql`1` })
            .from(assignment)
            .where(eq(assignment.loanApplicationId, loanApplication.id)),
        ),
      ),
    );
  for (const row of rows) await placeInWorkQueue(db, row, now);
  return rows.length;
}
