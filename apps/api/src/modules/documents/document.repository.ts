import { and, asc, count, eq, sql } from 'drizzle-orm';
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

/**
 * Deletes the document rows a person uploaded as an applicant (main applicant of the applications that are
 * theirs, co-applicant where they are one) and answers the storage keys, so the caller removes the bytes
 * once its transaction has committed (the retention job, ADR 0033).
 */
export async function deleteDocumentsOfPerson(db: Executor, personId: string): Promise<string[]> {
  const result = await db.execute(sql`
    DELETE FROM document d
    WHERE (d.owner = 'main-applicant' AND d.loan_application_id IN (
            SELECT id FROM loan_application WHERE person_id = ${personId}
            UNION
            SELECT loan_application_id FROM loan_application_applicant
            WHERE person_id = ${personId} AND role = 'MainApplicant'))
       OR (d.owner = 'co-applicant' AND d.loan_application_id IN (
            SELECT loan_application_id FROM loan_application_applicant
            WHERE person_id = ${personId} AND role = 'CoApplicant'))
    RETURNING d.storage_key`);
  return ((result as { rows?: { storage_key: string }[] }).rows ?? []).map((row) => row.storage_key);
}
