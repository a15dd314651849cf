import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { coApplicantInvite } from '#src/db/schema/co-applicant-invites.ts';

export type CoApplicantInviteRow = typeof coApplicantInvite.$inferSelect;

export async function insertInvite(
  db: Executor,
  values: typeof coApplicantInvite.$inferInsert,
): Promise<CoApplicantInviteRow> {
  const [row] = await db.insert(coApplicantInvite).values(values).returning();
  return row!;
}

/** A new invite replaces the one before: every invite still open on the application stops working. */
export async function revokeOpenInvites(db: Executor, loanApplicationId: string, now: Date) {
  await db
    .update(coApplicantInvite)
    .set({ revokedAt: now })
    .where(
      and(
        eq(coApplicantInvite.loanApplicationId, loanApplicationId),
        isNull(coApplicantInvite.acceptedAt),
        isNull(coApplicantInvite.revokedAt),
      ),
    );
}

/** How many invites the application has had since `since` (the daily limit). */
export async function countInvitesSince(db: Executor, loanApplicationId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(coApplicantInvite)
    .where(
      and(
        eq(coApplicantInvite.loanApplicationId, loanApplicationId),
        gte(coApplicantInvite.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function findLatestInvite(
  db: Executor,
  loanApplicationId: string,
): Promise<CoApplicantInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(coApplicantInvite)
    .where(eq(coApplicantInvite.loanApplicationId, loanApplicationId))
    // The one not revoked first: two invites in the same instant still answer the one that works.
    .orderBy(sql`${coApplicantInvite.revokedAt} IS NULL DESC`, desc(coApplicantInvite.createdAt))
    .limit(1);
  return row;
}

/** An invite neither revoked, accepted nor expired, by the hash of its token. */
export async function findLiveInvite(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<CoApplicantInviteRow | undefined> {
  const [row] = await db.select().from(coApplicantInvite).where(liveByHash(tokenHash, now));
  return row;
}

/** Takes a live invite up, atomically: of two accepts racing for one token, one wins. */
export async function markInviteAccepted(
  db: Executor,
  tokenHash: string,
  values: { acceptedBy: string; now: Date },
): Promise<CoApplicantInviteRow | undefined> {
  const [row] = await db
    .update(coApplicantInvite)
    .set({ acceptedAt: values.now, acceptedBy: values.acceptedBy })
    .where(liveByHash(tokenHash, values.now))
    .returning();
  return row;
}

function liveByHash(tokenHash: string, now: Date) {
  return and(
    eq(coApplicantInvite.tokenHash, tokenHash),
    isNull(coApplicantInvite.acceptedAt),
    isNull(coApplicantInvite.revokedAt),
    gt(coApplicantInvite.expiresAt, now),
  );
}
