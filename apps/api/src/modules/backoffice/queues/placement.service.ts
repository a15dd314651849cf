import { type WorkQueueRule, workQueueRuleFor, workQueueRules } from '@nordloan/domain/backoffice';
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
import { type AssignmentChangeAt, ensureRuleBucket, updateAssignmentsAt } from './queue.repository.ts';

// Applications enter the work queues by status (ADR 0021): called by the status-transition service in the
// same transaction as every status change, so a queue never disagrees with the application.

/** The changed application's open item, read in a status change's own statement (changeLockedApplications). */
export const openAssignmentOfUpdated = openAssignmentWithRuleJson(sql`updated.id`);

type OpenItem = NonNullable<ReturnType<typeof readOpenAssignmentWithRule>>;

/** What placing an application by its status does to its work-queue item (ADR 0021). */
type Placement =
  | { kind: 'none' }
  | { kind: 'close'; open: OpenItem['assignment'] }
  | { kind: 'move'; open: OpenItem['assignment']; rule: WorkQueueRule }
  | { kind: 'open'; rule: WorkQueueRule };

/**
 * An open item in a rule bucket moves (the assignee keeps it); an end status closes it. Items in buckets
 * staff or other modules fill by hand (e.g. the screening review) are left alone: whoever placed them
 * processes them.
 */
function planPlacement(status: number, found: OpenItem | undefined): Placement {
  const rule = workQueueRuleFor(status);
  if (found) {
    const { assignment: open, rule: currentRule } = found;
    if (!currentRule) return { kind: 'none' };
    if (!rule) return { kind: 'close', open };
    return currentRule === rule ? { kind: 'none' } : { kind: 'move', open, rule };
  }
  return rule ? { kind: 'open', rule } : { kind: 'none' };
}

/** Puts the application into the bucket its status belongs in (planPlacement). */
export async function placeInWorkQueue(
  tx: Executor,
  application: { id: string; status: number; country: string },
  now: Date,
  /** The open item as `openAssignmentOfUpdated` read it in the status change's own statement. */
  known?: { openAssignment: unknown },
): Promise<void> {
  await placeInWorkQueues(tx, [{ application, ...(known ? known : {}) }], now);
}

/**
 * placeInWorkQueue for many applications (a batch of status changes, ADR 0047): the rules' buckets found
 * once each, the moved and closed items changed in one statement.
 */
export async function placeInWorkQueues(
  tx: Executor,
  items: ReadonlyArray<{
    application: { id: string; status: number; country: string };
    /** The open item as `openAssignmentOfUpdated` read it; left out, it is read here. */
    openAssignment?: unknown;
  }>,
  now: Date,
): Promise<void> {
  const plans: Array<{ application: { id: string; country: string }; placement: Placement }> = [];
  for (const { application, ...known } of items) {
    const found =
      'openAssignment' in known
        ? readOpenAssignmentWithRule(known.openAssignment)
        : await findOpenAssignmentWithRule(tx, application.id);
    plans.push({ application, placement: planPlacement(application.status, found) });
  }
  const buckets = new Map<WorkQueueRule, string>();
  const bucketOf = async (rule: WorkQueueRule) => {
    let id = buckets.get(rule);
    if (!id) {
      id = (await ensureRuleBucket(tx, rule, now)).id;
      buckets.set(rule, id);
    }
    return id;
  };
  const changes: AssignmentChangeAt[] = [];
  for (const { application, placement } of plans) {
    switch (placement.kind) {
      case 'none':
        break;
      case 'close':
        changes.push({ id: placement.open.id, revision: placement.open.revision, close: true });
        break;
      case 'move':
        changes.push({
          id: placement.open.id,
          revision: placement.open.revision,
          bucketId: await bucketOf(placement.rule),
        });
        break;
      case 'open':
        await openAssignment(tx, {
          loanApplicationId: application.id,
          bucketId: await bucketOf(placement.rule),
          country: application.country,
          revision: 1,
          now,
        });
        break;
    }
  }
  await updateAssignmentsAt(tx, { changes, now, processedBy: workQueueAgentId });
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
