import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { termsAcceptance } from '#src/db/schema/applicant.ts';
import { customer } from '#src/db/schema/core.ts';

export type CustomerRow = typeof customer.$inferSelect;
export type NewCustomerRow = typeof customer.$inferInsert;
export type CustomerChanges = Partial<
  Pick<
    NewCustomerRow,
    'email' | 'emailVerified' | 'phone' | 'acceptedTermsVersion' | 'acceptedTermsAt' | 'acceptedTermsBrand'
  >
>;
export type TermsAcceptanceRow = typeof termsAcceptance.$inferSelect;

export async function findCustomerById(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customer).where(eq(customer.id, id));
  return row;
}

/** Customers by id, in one statement (the notifications of an outbox batch, ADR 0085). */
export async function findCustomersByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, CustomerRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customer)
    .where(inArray(customer.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A person's oldest customer record: the one a login lands on. */
export async function findCustomerByPersonId(
  db: Executor,
  personId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customer)
    .where(eq(customer.personId, personId))
    .orderBy(asc(customer.createdAt))
    .limit(1);
  return row;
}

/** Customers with this e-mail address (case-insensitive, as customer_email_idx), oldest first. */
export async function findCustomersByEmail(db: Executor, email: string): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customer)
    .where(sql`lower(${customer.email}) = lower(${email})`)
    .orderBy(asc(customer.createdAt), asc(customer.id))
    .limit(100);
}

/**
 * Gives an anonymous sign-up customer (no person) its person, at that person's first e-ID login. Only a
 * customer still without a person is changed: a concurrent link to another person loses (undefined).
 */
export async function linkCustomerToPerson(
  db: Executor,
  customerId: string,
  personId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customer)
    .set({ personId, updatedAt: sql`now()` })
    .where(sql`${customer.id} = ${customerId} AND ${customer.personId} IS NULL`)
    .returning();
  return row;
}

export async function insertCustomer(db: Executor, values: NewCustomerRow): Promise<CustomerRow> {
  const [row] = await db.insert(customer).values(values).returning();
  return row!;
}

export async function updateCustomer(
  db: Executor,
  id: string,
  changes: CustomerChanges,
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customer)
    .set({ ...changes, updatedAt: now })
    .where(eq(customer.id, id))
    .returning();
  return row!;
}

export async function insertTermsAcceptance(
  db: Executor,
  values: typeof termsAcceptance.$inferInsert,
): Promise<TermsAcceptanceRow> {
  const [row] = await db.insert(termsAcceptance).values(values).returning();
  return row!;
}

export async function findTermsAcceptances(db: Executor, customerId: string): Promise<TermsAcceptanceRow[]> {
  return db
    .select()
    .from(termsAcceptance)
    .where(eq(termsAcceptance.customerId, customerId))
    .orderBy(asc(termsAcceptance.acceptedAt), asc(termsAcceptance.createdAt));
}
