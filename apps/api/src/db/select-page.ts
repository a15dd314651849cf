import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * One page of a table's rows matching `where`, in `orderBy` order, and how many rows match in all: the
 * shape of every staff list (work queues, call lists, call records, agents, the audit log).
 */
export async function selectPage<T extends PgTable>(
  db: Executor,
  table: T,
  options: { where: SQL | undefined; orderBy: (SQL | PgColumn)[]; offset: number; limit: number },
): Promise<{ items: T['$inferSelect'][]; total: number }> {
  const items = (await db
    .select()
    .from(table as PgTable)
    .where(options.where)
    .orderBy(...options.orderBy)
    .offset(options.offset)
    .limit(options.limit)) as T['$inferSelect'][];
  const [counted] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(options.where);
  return { items, total: counted?.total ?? 0 };
}
