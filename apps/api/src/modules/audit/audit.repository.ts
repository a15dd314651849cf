import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { auditEntry } from '#src/db/schema/audit.ts';
import { selectPage } from '#src/db/select-page.ts';

export type AuditEntryRow = typeof auditEntry.$inferSelect;
export type NewAuditEntryRow = typeof auditEntry.$inferInsert;

export async function insertAuditEntry(db: Executor, values: NewAuditEntryRow): Promise<AuditEntryRow> {
  const [row] = await db.insert(auditEntry).values(values).returning();
  return row!;
}

export interface AuditEntryFilter {
  loanApplicationId?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  actorAgentId?: string | undefined;
  offset: number;
  limit: number;
}

/** Newest first, with the total count of the filter (for paging). */
export async function selectAuditEntries(
  db: Executor,
  filter: AuditEntryFilter,
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.loanApplicationId) conditions.push(eq(auditEntry.loanApplicationId, filter.loanApplicationId));
  if (filter.subjectType) conditions.push(eq(auditEntry.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(auditEntry.subjectId, filter.subjectId));
  if (filter.actorAgentId) conditions.push(eq(auditEntry.actorAgentId, filter.actorAgentId));
  const where = conditions.length ? and(...conditions) : undefined;
  const { items, total } = await selectPage(db, auditEntry, {
    where,
    orderBy: [desc(auditEntry.at), desc(auditEntry.id)],
    offset: filter.offset,
    limit: filter.limit,
  });
  return { rows: items, total };
}
