import { type WorkQueueRule, workQueueRuleFor, workQueueRules } from '@nordloan/domain/backoffice';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { assignment } from '#src/db/schema/backoffice.ts';
import { workQueueAgentId } from '#src/modules/staff/agent.repository.ts';
import { type OpenAssignmentInput, openAssignments } from '../assignment.repository.ts';
import {
  type AssignmentChangeAt,
  ensureRuleBucket,
  findPlacementStates,
  type PlacementState,
  updateAssignmentsAt,
} from './queue.repository.ts';

// Applications enter the work queues by status (ADR 0021). The back office places them from the outbox's
// `loan-application-status-changed` events, in the relay's transaction (work-queue.events.ts, ADR 0056),
// by the status the application has when the event is handed on: an event handed on twice places once, and
// an older event handed on after a newer one moves nothing back.

type OpenItem = NonNullable<PlacementState['open']>;

/** What placing an application by its status does to its work-queue item (ADR 0021). */
type Placement =
  | { kind: 'none' }
  | { kind: 'close'; open: OpenItem['assignment'] }
  | { kind: 'move'; open: OpenItem['assignment']; rule: WorkQueueRule }
  | { kind: 'open'; rule: WorkQueueRule };

/**
 * An open item in a rule bucket moves (the assignee keeps it); an end status closes it. Items in buckets
 * staff or other reactions fill (e.g. the screening review) are left alone: whoever placed them processes
 * them.
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

/**
 * Puts each application into the bucket its current status belongs in (planPlacement): the statuses and
 * open items read in one statement, the rules' buckets found once each, the new items inserted in one
 * statement, the moved and closed items changed in one. Another relay may place the same application at the
 * same time, from a status read a moment earlier or later: the writes are made only on what was read (one
 * open item per application, a unique index; moves and closes at the item's Revision), and an application
 * whose write found the item changed meanwhile is read and placed again — so the last placement is by the
 * latest status.
 */
export async function placeByCurrentStatus(
  tx: Executor,
  applicationIds: readonly string[],
  now: Date,
): Promise<void> {
  await placeEachByCurrentStatus(tx, new Map(applicationIds.map((id) => [id, now])));
}

/**
 * placeByCurrentStatus with a time of its own for each application (an outbox batch: each placed at the
 * time of its event, ADR 0085). `placedAt` maps each application to its placement's time.
 */
export async function placeEachByCurrentStatus(
  tx: Executor,
  placedAt: ReadonlyMap<string, Date>,
): Promise<void> {
  const buckets = new Map<WorkQueueRule, string>();
  const bucketOf = async (rule: WorkQueueRule, now: Date) => {
    let id = buckets.get(rule);
    if (!id) {
      id = (await ensureRuleBucket(tx, rule, now)).id;
      buckets.set(rule, id);
    }
    return id;
  };
  let pending = [...placedAt.keys()];
  for (let round = 0; round < 3 && pending.length > 0; round++) {
    const lost: string[] = [];
    const changes: Array<AssignmentChangeAt & { applicationId: string }> = [];
    const opens: OpenAssignmentInput[] = [];
    for (const { application, open } of await findPlacementStates(tx, pending)) {
      const at = placedAt.get(application.id)!;
      const placement = planPlacement(application.status, open);
      switch (placement.kind) {
        case 'none':
          break;
        case 'close':
          changes.push({
            applicationId: application.id,
            id: placement.open.id,
            revision: placement.open.revision,
            close: true,
            at,
          });
          break;
        case 'move':
          changes.push({
            applicationId: application.id,
            id: placement.open.id,
            revision: placement.open.revision,
            bucketId: await bucketOf(placement.rule, at),
            at,
          });
          break;
        case 'open':
          opens.push({
            loanApplicationId: application.id,
            bucketId: await bucketOf(placement.rule, at),
            country: application.country,
            revision: 1,
            now: at,
          });
          break;
      }
    }
    const opened = await openAssignments(tx, opens);
    lost.push(...opens.map((open) => open.loanApplicationId).filter((id) => !opened.has(id)));
    // Each change carries its own time: `now` is only the statement's default.
    const changed =
      changes.length === 0
        ? new Set<string>()
        : await updateAssignmentsAt(tx, { changes, now: changes[0]!.at!, processedBy: workQueueAgentId });
    lost.push(...changes.filter((change) => !changed.has(change.id)).map((change) => change.applicationId));
    pending = lost;
  }
}

/**
 * Places every application that was never in a queue by its status (data loaded before the rules, or
 * written around the status service, as the demo seed does). Answers how many were placed.
 */
export async function placeUnqueuedApplications(db: Executor, now: Date): Promise<number> {
  const statuses = workQueueRules.flatMap((rule) => [...rule.statuses]);
  const rows = await db
    .select({ id: loanApplication.id })
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
  await placeByCurrentStatus(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.length;
}
