import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { magicLink, notification } from '#src/db/schema/applicant.ts';

export type MagicLinkRow = typeof magicLink.$inferSelect;

export async function insertMagicLink(
  db: Executor,
  values: typeof magicLink.$inferInsert,
): Promise<MagicLinkRow> {
  const [row] = await db.insert(magicLink).values(values).returning();
  return row!;
}

/** A link that is neither used nor expired, by the hash of its token. */
export async function findLiveMagicLink(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<MagicLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(magicLink)
    .where(and(eq(magicLink.tokenHash, tokenHash), isNull(magicLink.usedAt), gt(magicLink.expiresAt, now)));
  return row;
}

/** Uses a live link up, atomically: of two exchanges racing for one token, one wins. */
export async function useMagicLink(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<MagicLinkRow | undefined> {
  const [row] = await db
    .update(magicLink)
    .set({ usedAt: now })
    .where(and(eq(magicLink.tokenHash, tokenHash), isNull(magicLink.usedAt), gt(magicLink.expiresAt, now)))
    .returning();
  return row;
}

export async function insertNotification(db: Executor, values: typeof notification.$inferInsert) {
  const [row] = await db.insert(notification).values(values).returning();
  return row!;
}

export async function markNotificationFailed(db: Executor, id: string) {
  await db.update(notification).set({ status: 'failed' }).where(eq(notification.id, id));
}
