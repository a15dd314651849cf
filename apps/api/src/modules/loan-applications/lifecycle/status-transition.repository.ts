import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { applicationStatusTransition } from '#src/db/schema/lending.ts';

// SQL of an application's status history (ADR 0008): one row per transition, never changed.

export async function insertStatusTransition(
  db: Executor,
  values: typeof applicationStatusTransition.$inferInsert,
) {
  const [row] = await db.insert(applicationStatusTransition).values(values).returning();
  return row!;
}

export async function listStatusTransitions(db: Executor, applicationId: string) {
  return db
    .select()
    .from(applicationStatusTransition)
    .where(eq(applicationStatusTransition.loanApplicationId, applicationId))
    .orderBy(asc(applicationStatusTransition.revision), asc(applicationStatusTransition.createdAt));
}
