import type { InsuranceTerminationReason } from '@nordloan/domain/enums';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insurancePolicy, insuranceRequest } from '#src/db/schema/backoffice.ts';

export type InsuranceRequestRow = typeof insuranceRequest.$inferSelect;
export type NewInsuranceRequestRow = typeof insuranceRequest.$inferInsert;
export type InsurancePolicyRow = typeof insurancePolicy.$inferSelect;
export type NewInsurancePolicyRow = Omit<typeof insurancePolicy.$inferInsert, 'requestDecision'>;

export async function insertInsuranceRequest(
  db: Executor,
  values: NewInsuranceRequestRow,
): Promise<InsuranceRequestRow> {
  const [row] = await db.insert(insuranceRequest).values(values).returning();
  return row!;
}

export async function findInsuranceRequestById(
  db: Executor,
  id: string,
): Promise<InsuranceRequestRow | undefined> {
  const [row] = await db.select().from(insuranceRequest).where(eq(insuranceRequest.id, id));
  return row;
}

export async function listInsuranceRequestsForPerson(
  db: Executor,
  personId: string,
): Promise<InsuranceRequestRow[]> {
  return db
    .select()
    .from(insuranceRequest)
    .where(eq(insuranceRequest.personId, personId))
    .orderBy(desc(insuranceRequest.createdAt), desc(insuranceRequest.id));
}

/**
 * The insurer's answer. A request is decided once (new → approved | denied); answers undefined when it
 * was already decided or does not exist.
 */
export async function decideInsuranceRequest(
  db: Executor,
  input: { id: string; decision: 'approved' | 'denied'; now: Date },
): Promise<InsuranceRequestRow | undefined> {
  const [row] = await db
    .update(insuranceRequest)
    .set({ decision: input.decision, decidedAt: input.now, updatedAt: input.now })
    .where(and(eq(insuranceRequest.id, input.id), eq(insuranceRequest.decision, 'new')))
    .returning();
  return row;
}

/** Issues the policy of an approved request; the database refuses one for a request that is not approved. */
export async function insertInsurancePolicy(
  db: Executor,
  values: NewInsurancePolicyRow,
): Promise<InsurancePolicyRow> {
  const [row] = await db.insert(insurancePolicy).values(values).returning();
  return row!;
}

export async function findInsurancePolicyById(
  db: Executor,
  id: string,
): Promise<InsurancePolicyRow | undefined> {
  const [row] = await db.select().from(insurancePolicy).where(eq(insurancePolicy.id, id));
  return row;
}

export async function findInsurancePolicyByRequest(
  db: Executor,
  requestId: string,
): Promise<InsurancePolicyRow | undefined> {
  const [row] = await db.select().from(insurancePolicy).where(eq(insurancePolicy.requestId, requestId));
  return row;
}

export async function listInsurancePoliciesForPerson(
  db: Executor,
  personId: string,
): Promise<InsurancePolicyRow[]> {
  return db
    .select()
    .from(insurancePolicy)
    .where(eq(insurancePolicy.personId, personId))
    .orderBy(desc(insurancePolicy.createdAt), desc(insurancePolicy.id));
}

/** Ends an active policy for a §3 termination reason; answers undefined when it was already terminated. */
export async function terminateInsurancePolicy(
  db: Executor,
  input: { id: string; reason: InsuranceTerminationReason; now: Date },
): Promise<InsurancePolicyRow | undefined> {
  const [row] = await db
    .update(insurancePolicy)
    .set({ terminatedAt: input.now, terminationReason: input.reason, updatedAt: input.now })
    .where(and(eq(insurancePolicy.id, input.id), isNull(insurancePolicy.terminatedAt)))
    .returning();
  return row;
}
