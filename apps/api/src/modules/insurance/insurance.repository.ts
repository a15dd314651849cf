import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insurancePolicy, insuranceRequest } from '#src/db/schema/backoffice.ts';
import { insuranceMandate, insurancePaymentMandate } from '#src/db/schema/insurance.ts';

// SQL of the applicant's insurance journey: the e-ID and payment mandates (0011), and what the journey
// needs of requests and policies beyond the back office's insurance.repository.ts (which stays the one
// place that decides requests, issues and terminates policies).

export type InsuranceMandateRow = typeof insuranceMandate.$inferSelect;
export type InsurancePaymentMandateRow = typeof insurancePaymentMandate.$inferSelect;

export async function insertMandate(
  db: Executor,
  values: typeof insuranceMandate.$inferInsert,
): Promise<InsuranceMandateRow> {
  const [row] = await db.insert(insuranceMandate).values(values).returning();
  return row!;
}

export async function findMandateById(db: Executor, id: string): Promise<InsuranceMandateRow | undefined> {
  const [row] = await db.select().from(insuranceMandate).where(eq(insuranceMandate.id, id));
  return row;
}

export async function listMandatesOfRequest(db: Executor, requestId: string): Promise<InsuranceMandateRow[]> {
  return db
    .select()
    .from(insuranceMandate)
    .where(eq(insuranceMandate.requestId, requestId))
    .orderBy(desc(insuranceMandate.createdAt), desc(insuranceMandate.id));
}

/** Ends a pending signing order; undefined when it was no longer pending (another poll got there first). */
export async function finishMandate(
  db: Executor,
  input: { id: string; now: Date } & (
    | { status: 'signed'; signedAt: Date }
    | { status: 'failed'; reason: string }
  ),
): Promise<InsuranceMandateRow | undefined> {
  const [row] = await db
    .update(insuranceMandate)
    .set(
      input.status === 'signed'
        ? { status: 'signed', signedAt: input.signedAt, updatedAt: input.now }
        : { status: 'failed', failureReason: input.reason, updatedAt: input.now },
    )
    .where(and(eq(insuranceMandate.id, input.id), eq(insuranceMandate.status, 'pending')))
    .returning();
  return row;
}

export async function insertPaymentMandate(
  db: Executor,
  values: typeof insurancePaymentMandate.$inferInsert,
): Promise<InsurancePaymentMandateRow> {
  const [row] = await db.insert(insurancePaymentMandate).values(values).returning();
  return row!;
}

export async function findPaymentMandateById(
  db: Executor,
  id: string,
): Promise<InsurancePaymentMandateRow | undefined> {
  const [row] = await db.select().from(insurancePaymentMandate).where(eq(insurancePaymentMandate.id, id));
  return row;
}

export async function listPaymentMandatesOfRequest(
  db: Executor,
  requestId: string,
  kind?: string,
): Promise<InsurancePaymentMandateRow[]> {
  return db
    .select()
    .from(insurancePaymentMandate)
    .where(
      and(
        eq(insurancePaymentMandate.requestId, requestId),
        kind ? eq(insurancePaymentMandate.kind, kind) : undefined,
      ),
    )
    .orderBy(desc(insurancePaymentMandate.createdAt), desc(insurancePaymentMandate.id));
}

/** Ends a pending payment mandate; undefined when it was no longer pending. */
export async function finishPaymentMandate(
  db: Executor,
  input: { id: string; now: Date } & (
    | { status: 'active'; activatedAt: Date }
    | { status: 'declined' | 'failed'; reason: string }
  ),
): Promise<InsurancePaymentMandateRow | undefined> {
  const [row] = await db
    .update(insurancePaymentMandate)
    .set(
      input.status === 'active'
        ? { status: 'active', activatedAt: input.activatedAt, updatedAt: input.now }
        : { status: input.status, failureReason: input.reason, updatedAt: input.now },
    )
    .where(and(eq(insurancePaymentMandate.id, input.id), eq(insurancePaymentMandate.status, 'pending')))
    .returning();
  return row;
}

/** The person's undecided request, if any (one journey at a time). */
export async function findOpenRequestForPerson(db: Executor, personId: string) {
  const [row] = await db
    .select()
    .from(insuranceRequest)
    .where(and(eq(insuranceRequest.personId, personId), eq(insuranceRequest.decision, 'new')))
    .orderBy(desc(insuranceRequest.createdAt))
    .limit(1);
  return row;
}

/** A new choice of cover on an undecided request (the customer went back and chose again). */
export async function updateOpenRequestCover(
  db: Executor,
  input: {
    id: string;
    insuredMonthlyAmount: number;
    monthlyPremium: number;
    brand: string;
    loanApplicationId: string | null;
    now: Date;
  },
) {
  const [row] = await db
    .update(insuranceRequest)
    .set({
      insuredMonthlyAmount: input.insuredMonthlyAmount,
      monthlyPremium: input.monthlyPremium,
      brand: input.brand,
      loanApplicationId: input.loanApplicationId,
      updatedAt: input.now,
    })
    .where(and(eq(insuranceRequest.id, input.id), eq(insuranceRequest.decision, 'new')))
    .returning();
  return row;
}

export async function hasActivePolicy(db: Executor, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(insurancePolicy)
    .where(and(eq(insurancePolicy.personId, personId), isNull(insurancePolicy.terminatedAt)));
  return (row?.count ?? 0) > 0;
}
