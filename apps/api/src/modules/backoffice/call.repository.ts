import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { callOrder, callRecord } from '#src/db/schema/backoffice.ts';

export type CallOrderRow = typeof callOrder.$inferSelect;
export type NewCallOrderRow = typeof callOrder.$inferInsert;
export type CallRecordRow = typeof callRecord.$inferSelect;
export type NewCallRecordRow = typeof callRecord.$inferInsert;

/** The call's own fields (§3 "Call record adds …"); the order's fields are copied from the order. */
export type CallFields = Omit<
  NewCallRecordRow,
  | 'id'
  | 'orderId'
  | 'loanApplicationId'
  | 'clientId'
  | 'marketCountry'
  | 'loanApplicationStatus'
  | 'bucketName'
  | 'customerPhoneNumber'
  | 'outboundNumberType'
  | 'tags'
  | 'outbound'
>;

export async function insertCallOrder(db: Executor, values: NewCallOrderRow): Promise<CallOrderRow> {
  const [row] = await db.insert(callOrder).values(values).returning();
  return row!;
}

/** Inserts the order unless one with the same id exists; answers the stored row either way (seed data). */
export async function ensureCallOrder(
  db: Executor,
  values: NewCallOrderRow & { id: string },
): Promise<CallOrderRow> {
  const [created] = await db
    .insert(callOrder)
    .values(values)
    .onConflictDoNothing({ target: callOrder.id })
    .returning();
  return created ?? (await findCallOrderById(db, values.id))!;
}

export async function findCallOrderById(db: Executor, id: string): Promise<CallOrderRow | undefined> {
  const [row] = await db.select().from(callOrder).where(eq(callOrder.id, id));
  return row;
}

export async function listCallOrdersForApplication(
  db: Executor,
  loanApplicationId: string,
): Promise<CallOrderRow[]> {
  return db
    .select()
    .from(callOrder)
    .where(eq(callOrder.loanApplicationId, loanApplicationId))
    .orderBy(desc(callOrder.createdAt), desc(callOrder.id));
}

/** An outbound call placed on an order: the record repeats the order's fields as they are now. */
export async function insertCallRecordForOrder(
  db: Executor,
  order: CallOrderRow,
  call: CallFields,
): Promise<CallRecordRow> {
  return insertCallRecord(db, {
    ...call,
    orderId: order.id,
    loanApplicationId: order.loanApplicationId,
    clientId: order.clientId,
    marketCountry: order.marketCountry,
    loanApplicationStatus: order.loanApplicationStatus,
    bucketName: order.bucketName,
    customerPhoneNumber: order.customerPhoneNumber,
    outboundNumberType: order.outboundNumberType,
    tags: order.tags,
    outbound: true,
    orderedAt: call.orderedAt ?? order.createdAt,
  });
}

export async function insertCallRecord(db: Executor, values: NewCallRecordRow): Promise<CallRecordRow> {
  const [row] = await db.insert(callRecord).values(values).returning();
  return row!;
}

export async function findCallRecordById(db: Executor, id: string): Promise<CallRecordRow | undefined> {
  const [row] = await db.select().from(callRecord).where(eq(callRecord.id, id));
  return row;
}

export async function findCallRecordByExternalRef(
  db: Executor,
  externalRef: string,
): Promise<CallRecordRow | undefined> {
  const [row] = await db.select().from(callRecord).where(eq(callRecord.externalRef, externalRef));
  return row;
}

/** A telephony provider's status update, found by its call id (webhooks may repeat; updating is idempotent). */
export async function updateCallRecordByExternalRef(
  db: Executor,
  externalRef: string,
  changes: Partial<
    Pick<
      NewCallRecordRow,
      | 'initiatedAt'
      | 'answeredAt'
      | 'answered'
      | 'wentToVoicemail'
      | 'endedAt'
      | 'stateDescription'
      | 'agentId'
      | 'outboundPhoneNumber'
    >
  >,
  now: Date,
): Promise<CallRecordRow | undefined> {
  const [row] = await db
    .update(callRecord)
    .set({ ...changes, updatedAt: now })
    .where(eq(callRecord.externalRef, externalRef))
    .returning();
  return row;
}

export async function listCallRecordsForApplication(
  db: Executor,
  loanApplicationId: string,
): Promise<CallRecordRow[]> {
  return db
    .select()
    .from(callRecord)
    .where(eq(callRecord.loanApplicationId, loanApplicationId))
    .orderBy(desc(callRecord.createdAt), desc(callRecord.id));
}

export async function listCallRecordsForOrder(db: Executor, orderId: string): Promise<CallRecordRow[]> {
  return db
    .select()
    .from(callRecord)
    .where(eq(callRecord.orderId, orderId))
    .orderBy(asc(callRecord.createdAt), asc(callRecord.id));
}
