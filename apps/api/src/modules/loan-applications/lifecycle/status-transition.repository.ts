import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { applicationStatusTransition } from '#src/db/schema/lending.ts';

// SQL of an application's status history (ADR 0008): one row per transition, never changed.

/** One status change's history row. */
export interface StatusTransitionValues {
  loanApplicationId: string;
  fromStatus: number;
  toStatus: number;
  revision: number;
  actorKind: string;
  actorId: string;
  reason: string;
  createdAt: Date;
}

/**
 * The history rows of status changes made with changeLockedApplications: an INSERT … SELECT written only
 * for the applications in its `updated` rows.
 */
export function statusTransitionsOfUpdated(rows: readonly StatusTransitionValues[]): SQL {
  const values = rows.map((row) => ({
    loan_application_id: row.loanApplicationId,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    revision: row.revision,
    actor_kind: row.actorKind,
    actor_id: row.actorId,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
  return sql`INSERT INTO ${applicationStatusTransition}
      (loan_application_id, from_status, to_status, revision, actor_kind, actor_id, reason, created_at)
    SELECT h.loan_application_id, h.from_status, h.to_status, h.revision, h.actor_kind, h.actor_id, h.reason,
           h.created_at
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS h(loan_application_id uuid, from_status integer, to_status integer, revision integer,
             actor_kind text, actor_id text, reason text, created_at timestamptz)
     WHERE h.loan_application_id IN (SELECT id FROM updated)`;
}

export async function listStatusTransitions(db: Executor, applicationId: string) {
  return db
    .select()
    .from(applicationStatusTransition)
    .where(eq(applicationStatusTransition.loanApplicationId, applicationId))
    .orderBy(asc(applicationStatusTransition.revision), asc(applicationStatusTransition.createdAt));
}
