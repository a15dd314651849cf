import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { lead } from '#src/db/schema/applicant.ts';

export type LeadRow = typeof lead.$inferSelect;

export async function findLeads(db: Executor, applicationId: string): Promise<LeadRow[]> {
  return db
    .select()
    .from(lead)
    .where(eq(lead.loanApplicationId, applicationId))
    .orderBy(asc(lead.createdAt), asc(lead.id));
}

/** Undefined when the application already has a lead for the partner. */
export async function insertLead(
  db: Executor,
  values: typeof lead.$inferInsert,
): Promise<LeadRow | undefined> {
  const [row] = await db.insert(lead).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteLead(db: Executor, applicationId: string, leadId: string): Promise<boolean> {
  const deleted = await db
    .delete(lead)
    .where(and(eq(lead.id, leadId), eq(lead.loanApplicationId, applicationId)))
    .returning({ id: lead.id });
  return deleted.length > 0;
}
