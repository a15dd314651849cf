import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { consentRecord } from '#src/db/schema/applicant.ts';
import { customer } from '#src/db/schema/core.ts';
import {
  type ErasedEntry,
  type ErasureRequestRow,
  erasureRequest,
  type KeptEntry,
} from '#src/db/schema/privacy.ts';

// The privacy module's SQL (ADR 0069): its own table, erasure_request, and two reads no other module
// answers for a whole person — all their customer records (one per brand they signed up on) and the
// consent history of all of them. Everything else of the export is read through the owning modules.

export type { ErasureRequestRow };

/** Every customer record of the person, oldest first. */
export async function findCustomersOfPerson(db: Executor, personId: string) {
  return db
    .select()
    .from(customer)
    .where(eq(customer.personId, personId))
    .orderBy(asc(customer.createdAt), asc(customer.id));
}

/** Every consent record of these customers, oldest first (the table is append-only: the history). */
export async function findConsentRecordsOfCustomers(db: Executor, customerIds: string[]) {
  if (customerIds.length === 0) return [];
  return db
    .select()
    .from(consentRecord)
    .where(inArray(consentRecord.customerId, customerIds))
    .orderBy(asc(consentRecord.seq));
}

export async function insertErasureRequest(
  db: Executor,
  values: {
    personId: string;
    country: string;
    requestedAt: Date;
    personErasedAt: Date | null;
    erased: ErasedEntry[];
    kept: KeptEntry[];
  },
): Promise<ErasureRequestRow> {
  const [row] = await db
    .insert(erasureRequest)
    .values({ ...values, createdAt: values.requestedAt, updatedAt: values.requestedAt })
    .returning();
  return row!;
}

export async function findLatestErasureRequest(
  db: Executor,
  personId: string,
): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(erasureRequest)
    .where(eq(erasureRequest.personId, personId))
    .orderBy(desc(erasureRequest.requestedAt))
    .limit(1);
  return row;
}

export async function findErasureRequest(db: Executor, id: string): Promise<ErasureRequestRow | undefined> {
  const [row] = await db.select().from(erasureRequest).where(eq(erasureRequest.id, id));
  return row;
}

/** The queue: requests of these markets, optionally of one status, oldest first. */
export async function listErasureRequests(
  db: Executor,
  filter: { countries: string[]; status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ErasureRequestRow[]; total: number }> {
  const conditions: SQL[] = [inArray(erasureRequest.country, filter.countries)];
  if (filter.status) conditions.push(eq(erasureRequest.status, filter.status));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(erasureRequest)
    .where(where)
    .orderBy(asc(erasureRequest.requestedAt), asc(erasureRequest.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ total: count() }).from(erasureRequest).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Closes an open request; undefined when it was closed already (a second close changes nothing). */
export async function closeErasureRequest(
  db: Executor,
  id: string,
  values: { closedAt: Date; closedBy: string | null; note: string | null },
): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .update(erasureRequest)
    .set({ status: 'closed', ...values, updatedAt: values.closedAt })
    .where(and(eq(erasureRequest.id, id), eq(erasureRequest.status, 'open')))
    .returning();
  return row;
}
