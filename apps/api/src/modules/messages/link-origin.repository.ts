import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { applicationLinkOrigin } from '#src/db/schema/messages.ts';

// SQL of application_link_origin (migrations/0029): the brand address an application was made on.

export async function saveLinkOrigin(
  db: Executor,
  input: { applicationId: string; origin: string; now: Date },
): Promise<void> {
  await db
    .insert(applicationLinkOrigin)
    .values({ loanApplicationId: input.applicationId, origin: input.origin, updatedAt: input.now })
    .onConflictDoUpdate({
      target: applicationLinkOrigin.loanApplicationId,
      set: { origin: input.origin, updatedAt: input.now },
    });
}

export async function findLinkOrigin(db: Executor, applicationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ origin: applicationLinkOrigin.origin })
    .from(applicationLinkOrigin)
    .where(eq(applicationLinkOrigin.loanApplicationId, applicationId));
  return row?.origin;
}

/** The stored origins of many applications, in one statement (the notifications of an outbox batch). */
export async function findLinkOrigins(
  db: Executor,
  applicationIds: readonly string[],
): Promise<Map<string, string>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ applicationId: applicationLinkOrigin.loanApplicationId, origin: applicationLinkOrigin.origin })
    .from(applicationLinkOrigin)
    .where(inArray(applicationLinkOrigin.loanApplicationId, [...applicationIds]));
  return new Map(rows.map((row) => [row.applicationId, row.origin]));
}
