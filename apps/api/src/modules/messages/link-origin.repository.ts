import { eq } from 'drizzle-orm';
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
