import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import {
  type NewOidcLoginAttemptRow,
  type OidcLoginAttemptRow,
  oidcLoginAttempt,
} from '#src/db/schema/oidc.ts';

export type { OidcLoginAttemptRow };

export async function insertLoginAttempt(db: Executor, values: NewOidcLoginAttemptRow): Promise<void> {
  await db.insert(oidcLoginAttempt).values(values);
}

/**
 * Takes the unused, unexpired attempt with this state for the callback, marking it used in the same
 * statement: two callbacks with one state (a replay, a double click) cannot both get it.
 */
export async function takeLoginAttempt(
  db: Executor,
  stateHash: string,
  now: Date,
): Promise<OidcLoginAttemptRow | undefined> {
  const [row] = await db
    .update(oidcLoginAttempt)
    .set({ usedAt: now })
    .where(
      and(
        eq(oidcLoginAttempt.stateHash, stateHash),
        isNull(oidcLoginAttempt.usedAt),
        gt(oidcLoginAttempt.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Attempts expired a day ago or more are of no use to anyone (kept a day for support questions). */
export async function deleteExpiredLoginAttempts(db: Executor, before: Date): Promise<void> {
  await db.delete(oidcLoginAttempt).where(lt(oidcLoginAttempt.expiresAt, before));
}
