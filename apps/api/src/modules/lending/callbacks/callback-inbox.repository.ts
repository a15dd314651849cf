// The inbox of signed lender callbacks (lender_callback, migration 0031; ADR 0062): each kept once by lender
// and MessageId, then settled 'applied' or 'ignored', or left 'waiting' for the callback before it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { type LenderCallbackRow, lenderCallback } from '#src/db/schema/lender-callbacks.ts';

export type NewLenderCallbackRow = typeof lenderCallback.$inferInsert;

/** Keeps the callback unless its lender sent this MessageId before: answers the kept row and whether it is new. */
export async function insertCallbackOnce(
  db: Executor,
  values: NewLenderCallbackRow,
): Promise<{ row: LenderCallbackRow; created: boolean }> {
  const [created] = await db.insert(lenderCallback).values(values).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(lenderCallback)
    .where(and(eq(lenderCallback.lenderId, values.lenderId), eq(lenderCallback.messageId, values.messageId)));
  return { row: existing!, created: false };
}

/** The lender's callbacks on the application still waiting, in the order they came. */
export async function listWaitingCallbacks(
  db: Executor,
  input: { applicationId: string; lenderId: string },
): Promise<LenderCallbackRow[]> {
  return db
    .select()
    .from(lenderCallback)
    .where(
      and(
        eq(lenderCallback.loanApplicationId, input.applicationId),
        eq(lenderCallback.lenderId, input.lenderId),
        eq(lenderCallback.state, 'waiting'),
      ),
    )
    .orderBy(asc(lenderCallback.id));
}

/** Which of these lender requests have callbacks still waiting: the application and lender of each, once. */
export async function listRequestsWithWaitingCallbacks(
  db: Executor,
  requestIds: readonly string[],
): Promise<Array<{ applicationId: string; lenderId: string }>> {
  if (requestIds.length === 0) return [];
  return db
    .selectDistinct({ applicationId: lenderCallback.loanApplicationId, lenderId: lenderCallback.lenderId })
    .from(lenderCallback)
    .where(and(eq(lenderCallback.state, 'waiting'), inArray(lenderCallback.loanRequestId, [...requestIds])));
}

/** Settles a waiting callback; one already settled stays as it was (undefined: nothing changed). */
export async function settleCallback(
  db: Executor,
  input: { id: number; state: 'applied' | 'ignored'; outcome: string | null; now: Date },
): Promise<LenderCallbackRow | undefined> {
  const [row] = await db
    .update(lenderCallback)
    .set({ state: input.state, outcome: input.outcome, settledAt: input.now })
    .where(and(eq(lenderCallback.id, input.id), eq(lenderCallback.state, 'waiting')))
    .returning();
  return row;
}

/** Every callback kept for an application (tests, and what staff may look at). */
export async function listCallbacksOfApplication(
  db: Executor,
  applicationId: string,
): Promise<LenderCallbackRow[]> {
  return db
    .select()
    .from(lenderCallback)
    .where(eq(lenderCallback.loanApplicationId, applicationId))
    .orderBy(asc(lenderCallback.id));
}

export async function findCallback(db: Executor, id: number): Promise<LenderCallbackRow | undefined> {
  const [row] = await db.select().from(lenderCallback).where(eq(lenderCallback.id, id));
  return row;
}
