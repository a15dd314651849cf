import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { type IdempotencyKeyRow, idempotencyKey } from '#src/db/schema/idempotency.ts';

// The SQL of plugins/idempotency.ts (ADR 0071): one row per caller and key.

export interface KeyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  now: Date;
  /** How long this call holds the key before a retry may take it over (a crashed instance's call). */
  holdMs: number;
  keepMs: number;
}

/** Claims the key for a first call; answers false when a row for it exists already. */
export async function claimKey(db: Executor, claim: KeyClaim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKey)
    .values({
      scope: claim.scope,
      key: claim.key,
      fingerprint: claim.fingerprint,
      lockedUntil: new Date(claim.now.getTime() + claim.holdMs),
      createdAt: claim.now,
      expiresAt: new Date(claim.now.getTime() + claim.keepMs),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  return rows.length > 0;
}

export async function findKey(
  db: Executor,
  input: { scope: string; key: string },
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.scope, input.scope), eq(idempotencyKey.key, input.key)));
  return row;
}

/** Takes over a call in progress whose hold ran out (its instance died); answers whether this call won. */
export async function takeOverKey(db: Executor, claim: KeyClaim): Promise<boolean> {
  const rows = await db
    .update(idempotencyKey)
    .set({ lockedUntil: new Date(claim.now.getTime() + claim.holdMs) })
    .where(
      and(
        eq(idempotencyKey.scope, claim.scope),
        eq(idempotencyKey.key, claim.key),
        eq(idempotencyKey.fingerprint, claim.fingerprint),
        isNull(idempotencyKey.responseStatus),
        lt(idempotencyKey.lockedUntil, claim.now),
      ),
    )
    .returning({ key: idempotencyKey.key });
  return rows.length > 0;
}

export async function recordAnswer(
  db: Executor,
  input: { scope: string; key: string; status: number; type: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotencyKey)
    .set({ responseStatus: input.status, responseType: input.type, responseBody: input.body })
    .where(and(eq(idempotencyKey.scope, input.scope), eq(idempotencyKey.key, input.key)));
}

/** Lets the key go: the call failed, and a retry with it should run again. */
export async function releaseKey(db: Executor, input: { scope: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyKey)
    .where(
      and(
        eq(idempotencyKey.scope, input.scope),
        eq(idempotencyKey.key, input.key),
        isNull(idempotencyKey.responseStatus),
      ),
    );
}

/** Deletes what is past its 24 hours (and, with `scope`/`key`, that one key if it is). */
export async function deleteExpired(
  db: Executor,
  input: { now: Date; scope?: string; key?: string },
): Promise<void> {
  await db
    .delete(idempotencyKey)
    .where(
      and(
        lte(idempotencyKey.expiresAt, input.now),
        input.scope === undefined ? undefined : eq(idempotencyKey.scope, input.scope),
        input.key === undefined ? undefined : eq(idempotencyKey.key, input.key),
      ),
    );
}
