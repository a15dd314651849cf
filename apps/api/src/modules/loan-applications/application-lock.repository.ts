// An application's locks (§3 LoanApplicationID, OriginalRevision): a lender processing an application
// holds it at the revision it was sent, and the applicant cannot change it meanwhile (docs/decisions/0007).
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { qualified } from '#src/db/json-rows.ts';
import { applicationLock, loanApplication } from '#src/db/schema/applications.ts';

// The active-lock flag of the outer application row, as a column of the statement reading the row.
export const isLockedRow = sql<boolean>`EXISTS (SELECT 1 FROM ${applicationLock} WHERE ${qualified(applicationLock.loanApplicationId)} = ${qualified(loanApplication.id)} AND ${qualified(applicationLock.releasedAt)} IS NULL)`;

export async function hasActiveLock(db: Executor, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationLock.id })
    .from(applicationLock)
    .where(and(eq(applicationLock.loanApplicationId, applicationId), isNull(applicationLock.releasedAt)))
    .limit(1);
  return row !== undefined;
}

/** Locks the application at its current revision while `lockedBy` (e.g. 'lender:<id>') processes it. */
export async function insertApplicationLock(
  db: Executor,
  input: { applicationId: string; originalRevision: number; lockedBy: string; reason?: string; now: Date },
) {
  const [row] = await db
    .insert(applicationLock)
    .values({
      loanApplicationId: input.applicationId,
      originalRevision: input.originalRevision,
      lockedBy: input.lockedBy,
      reason: input.reason ?? null,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** insertApplicationLock for several applications, in one statement. */
export async function insertApplicationLocks(
  db: Executor,
  inputs: ReadonlyArray<{
    applicationId: string;
    originalRevision: number;
    lockedBy: string;
    reason?: string;
    now: Date;
  }>,
): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(applicationLock).values(
    inputs.map((input) => ({
      loanApplicationId: input.applicationId,
      originalRevision: input.originalRevision,
      lockedBy: input.lockedBy,
      reason: input.reason ?? null,
      createdAt: input.now,
    })),
  );
}

/** Releases the active locks on an application, or on several (only those of `lockedBy` when given). */
export async function releaseApplicationLocks(
  db: Executor,
  input: ({ applicationId: string } | { applicationIds: readonly string[] }) & {
    lockedBy?: string;
    now: Date;
  },
) {
  const conditions: SQL[] = [
    'applicationId' in input
      ? eq(applicationLock.loanApplicationId, input.applicationId)
      : inArray(applicationLock.loanApplicationId, [...input.applicationIds]),
    isNull(applicationLock.releasedAt),
  ];
  if (input.lockedBy) conditions.push(eq(applicationLock.lockedBy, input.lockedBy));
  return db
    .update(applicationLock)
    .set({ releasedAt: input.now })
    .where(and(...conditions))
    .returning();
}
