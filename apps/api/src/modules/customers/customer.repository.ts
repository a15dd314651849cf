import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { customer } from '#src/db/schema/core.ts';

export type CustomerRow = typeof customer.$inferSelect;
export type NewCustomerRow = typeof customer.$inferInsert;

export async function findCustomerById(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customer).where(eq(customer.id, id));
  return row;
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

export async function insertCustomer(db: Executor, values: NewCustomerRow): Promise<CustomerRow> {
  const [row] = await db.insert(customer).values(values).returning();
  return row!;
}
