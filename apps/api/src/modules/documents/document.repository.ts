import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { document } from '#src/db/schema/applicant.ts';

export type DocumentRow = typeof document.$inferSelect;
export type NewDocumentRow = typeof document.$inferInsert;

export async function findDocuments(db: Executor, applicationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(document)
    .where(eq(document.loanApplicationId, applicationId))
    .orderBy(asc(document.createdAt), asc(document.id));
}

export async function findDocument(
  db: Executor,
  applicationId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(document)
    .where(and(eq(document.id, documentId), eq(document.loanApplicationId, applicationId)));
  return row;
}

export async function countDocuments(db: Executor, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(document)
    .where(eq(document.loanApplicationId, applicationId));
  return row?.n ?? 0;
}

export async function insertDocument(db: Executor, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await db.insert(document).values(values).returning();
  return row!;
}

export async function updateDocument(
  db: Executor,
  id: string,
  changes: Partial<Pick<NewDocumentRow, 'filename' | 'category' | 'owner'>>,
  now: Date,
): Promise<DocumentRow> {
  const [row] = await db
    .update(document)
    .set({ ...changes, updatedAt: now })
    .where(eq(document.id, id))
    .returning();
  return row!;
}

export async function deleteDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.delete(document).where(eq(document.id, id)).returning();
  return row;
}
