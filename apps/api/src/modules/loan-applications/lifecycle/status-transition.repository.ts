import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { applicationStatusTransition } from '#src/db/schema/lending.ts';

// SQL of an application's status history (ADR 0008): one row per transition, never changed.

/**
 * The history row of a status change made with changeLockedApplication: an INSERT … SELECT from its
 * `updated` row (to status and Revision from there), so it is written only if the row changed.
 */
export function statusTransitionOfUpdated(values: {
  fromStatus: number;
  actorKind: string;
  actorId: string;
  reason: string;
  createdAt: Date;
}): SQL {
  return sql`INSERT INTO ${applicationStatusTransition}
      (loan_application_id, from_status, to_status, revision, actor_kind, actor_id, reason, created_at)
    SELECT id, ${values.fromStatus}::integer, status, revision, ${values.actorKind}, ${values.actorId},
           ${values.reason}, ${values.createdAt.toISOString()}::timestamptz
      FROM updated`;
}

export async function listStatusTransitions(db: Executor, applicationId: string) {
  return db
    .select()
    .from(applicationStatusTransition)
    .where(eq(applicationStatusTransition.loanApplicationId, applicationId))
    .orderBy(asc(applicationStatusTransition.revision), asc(applicationStatusTransition.createdAt));
}
