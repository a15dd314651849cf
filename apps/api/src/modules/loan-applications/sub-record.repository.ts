import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { car, channelSnapshot, child, debt, expense } from '#src/db/schema/applications.ts';

// Car, child, debt and expense rows (§3 sub-records) and channel snapshots. One set of functions over the
// four tables: they differ only in their columns.

export const subRecordTables = { car, child, debt, expense } as const;
export type SubRecordKind = keyof typeof subRecordTables;
export type SubRecordTable = (typeof subRecordTables)[SubRecordKind];
export type SubRecordRow<K extends SubRecordKind> = (typeof subRecordTables)[K]['$inferSelect'];
export type NewSubRecordRow<K extends SubRecordKind> = (typeof subRecordTables)[K]['$inferInsert'];

export async function listSubRecords<K extends SubRecordKind>(
  db: Executor,
  kind: K,
  applicationId: string,
): Promise<SubRecordRow<K>[]> {
  const table = subRecordTables[kind] as SubRecordTable;
  return (await db
    .select()
    .from(table)
    .where(eq(table.loanApplicationId, applicationId))
    .orderBy(asc(table.createdAt), asc(table.id))) as SubRecordRow<K>[];
}

export async function findSubRecord<K extends SubRecordKind>(
  db: Executor,
  kind: K,
  applicationId: string,
  id: string,
): Promise<SubRecordRow<K> | undefined> {
  const table = subRecordTables[kind] as SubRecordTable;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.loanApplicationId, applicationId)));
  return row as SubRecordRow<K> | undefined;
}

export async function insertSubRecord<K extends SubRecordKind>(
  db: Executor,
  kind: K,
  values: NewSubRecordRow<K>,
): Promise<SubRecordRow<K>> {
  const table = subRecordTables[kind] as SubRecordTable;
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning();
  return row as SubRecordRow<K>;
}

export async function updateSubRecord<K extends SubRecordKind>(
  db: Executor,
  kind: K,
  applicationId: string,
  id: string,
  values: Partial<NewSubRecordRow<K>>,
): Promise<SubRecordRow<K> | undefined> {
  const table = subRecordTables[kind] as SubRecordTable;
  const [row] = await db
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, id), eq(table.loanApplicationId, applicationId)))
    .returning();
  return row as SubRecordRow<K> | undefined;
}

export async function deleteSubRecord(
  db: Executor,
  kind: SubRecordKind,
  applicationId: string,
  id: string,
): Promise<boolean> {
  const table = subRecordTables[kind] as SubRecordTable;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.loanApplicationId, applicationId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

/** Removes the records one applicant owns (when the co-applicant is taken off the application). */
export async function deleteSubRecordsOwnedBy(db: Executor, applicationId: string, ownerRole: string) {
  for (const table of Object.values(subRecordTables) as SubRecordTable[]) {
    await db
      .delete(table)
      .where(and(eq(table.loanApplicationId, applicationId), eq(table.ownerRole, ownerRole)));
  }
}

/** Copies every sub-record of one application to another (clone). */
export async function copySubRecords(db: Executor, fromId: string, toId: string, now: Date) {
  for (const kind of Object.keys(subRecordTables) as SubRecordKind[]) {
    const rows = await listSubRecords(db, kind, fromId);
    for (const { id: _id, ...row } of rows) {
      await insertSubRecord(db, kind, {
        ...row,
        loanApplicationId: toId,
        createdAt: now,
        updatedAt: now,
      } as NewSubRecordRow<typeof kind>);
    }
  }
}

// ── Channel snapshots ───────────────────────────────────────────────────────────────────────────────

export type ChannelSnapshotInsert = typeof channelSnapshot.$inferInsert;

export async function listChannelSnapshots(db: Executor, applicationId: string) {
  return db
    .select()
    .from(channelSnapshot)
    .where(eq(channelSnapshot.loanApplicationId, applicationId))
    .orderBy(asc(channelSnapshot.createdAt), asc(channelSnapshot.id));
}

export async function insertChannelSnapshot(db: Executor, values: ChannelSnapshotInsert) {
  const [row] = await db.insert(channelSnapshot).values(values).returning();
  return row!;
}
