import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { type DocumentShareRow, documentShare } from '#src/db/schema/document-shares.ts';

// Upload once (docs/decisions/0036): the applicant's recorded choices to send a document to a lender.

export async function listDocumentShares(db: Executor, applicationId: string): Promise<DocumentShareRow[]> {
  return db
    .select()
    .from(documentShare)
    .where(eq(documentShare.loanApplicationId, applicationId))
    .orderBy(asc(documentShare.sharedAt), asc(documentShare.id));
}

/** Inserts the share unless the request already has one; answers the new row or undefined. */
export async function insertDocumentShareOnce(
  db: Executor,
  values: typeof documentShare.$inferInsert,
): Promise<DocumentShareRow | undefined> {
  const [row] = await db
    .insert(documentShare)
    .values(values)
    .onConflictDoNothing({ target: documentShare.documentRequestId })
    .returning();
  return row;
}
