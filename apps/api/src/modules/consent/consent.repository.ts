import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { consentRecord } from '#src/db/schema/applicant.ts';

export type ConsentRecordRow = typeof consentRecord.$inferSelect;
export type NewConsentRecordRow = typeof consentRecord.$inferInsert;

// consent_record is append-only (a database trigger refuses UPDATE and DELETE): only inserts and reads here.

export async function insertConsentRecords(
  db: Executor,
  rows: NewConsentRecordRow[],
): Promise<ConsentRecordRow[]> {
  if (rows.length === 0) return [];
  return db.insert(consentRecord).values(rows).returning();
}

/** The newest record per purpose and channel: the current state. */
export async function findCurrentConsents(
  db: Executor,
  customerId: string,
  consentBrand: string,
): Promise<ConsentRecordRow[]> {
  return db
    .selectDistinctOn([consentRecord.purpose, consentRecord.channel])
    .from(consentRecord)
    .where(and(eq(consentRecord.customerId, customerId), eq(consentRecord.consentBrand, consentBrand)))
    .orderBy(consentRecord.purpose, consentRecord.channel, desc(consentRecord.seq));
}

/**
 * findCurrentConsents for many customers in one statement (the notifications of an outbox batch, ADR 0085):
 * the newest record per customer, consent brand, purpose and channel, of the customers and brands asked
 * for. The caller picks each customer's brand from them.
 */
export async function findCurrentConsentsOfCustomers(
  db: Executor,
  customerIds: readonly string[],
  consentBrands: readonly string[],
): Promise<ConsentRecordRow[]> {
  if (customerIds.length === 0 || consentBrands.length === 0) return [];
  return db
    .selectDistinctOn([
      consentRecord.customerId,
      consentRecord.consentBrand,
      consentRecord.purpose,
      consentRecord.channel,
    ])
    .from(consentRecord)
    .where(
      and(
        inArray(consentRecord.customerId, [...customerIds]),
        inArray(consentRecord.consentBrand, [...consentBrands]),
      ),
    )
    .orderBy(
      consentRecord.customerId,
      consentRecord.consentBrand,
      consentRecord.purpose,
      consentRecord.channel,
      desc(consentRecord.seq),
    );
}

/** Every record, oldest first, optionally for one purpose and/or channel. */
export async function findConsentHistory(
  db: Executor,
  filter: {
    customerId: string;
    consentBrand: string;
    purpose?: string | undefined;
    channel?: string | undefined;
  },
): Promise<ConsentRecordRow[]> {
  const conditions = [
    eq(consentRecord.customerId, filter.customerId),
    eq(consentRecord.consentBrand, filter.consentBrand),
  ];
  if (filter.purpose) conditions.push(eq(consentRecord.purpose, filter.purpose));
  if (filter.channel) conditions.push(eq(consentRecord.channel, filter.channel));
  return db
    .select()
    .from(consentRecord)
    .where(and(...conditions))
    .orderBy(asc(consentRecord.seq));
}
