// What the intake fetched about an application (§3 external data: credit bureau, debt register stand-in),
// and the debt register's rows (source 2) it writes into the application's debts.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insertRowsAsJson } from '#src/db/json-rows.ts';
import { debt } from '#src/db/schema/applications.ts';
import { externalData } from '#src/db/schema/lending.ts';
import { findConsentedRegisterRoles } from '#src/modules/debt-registers/debt-registers.repository.ts';

export async function upsertExternalData(
  db: Executor,
  values: {
    loanApplicationId: string;
    source: string;
    status: string;
    payload: Record<string, unknown>;
    fetchedAt: Date;
  },
) {
  await db
    .insert(externalData)
    .values(values)
    .onConflictDoUpdate({
      target: [externalData.loanApplicationId, externalData.source],
      set: { status: values.status, payload: values.payload, fetchedAt: values.fetchedAt },
    });
}

/** upsertExternalData for many rows (several applications and sources), in one statement. */
export async function upsertExternalDataRows(
  db: Executor,
  rows: ReadonlyArray<{
    loanApplicationId: string;
    source: string;
    status: string;
    payload: Record<string, unknown>;
    fetchedAt: Date;
  }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(externalData)
    .values([...rows])
    .onConflictDoUpdate({
      target: [externalData.loanApplicationId, externalData.source],
      set: {
        status: sql`excluded.status`,
        payload: sql`excluded.payload`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

export async function findExternalData(db: Executor, applicationId: string, source: string) {
  const [row] = await db
    .select()
    .from(externalData)
    .where(and(eq(externalData.loanApplicationId, applicationId), eq(externalData.source, source)));
  return row;
}

// ── Debt register rows (source 2) in the application's debts ───────────────────────────────────────

export interface RegisterDebt {
  externalRef: string;
  ownerRole: 'MainApplicant' | 'CoApplicant';
  debtType: string;
  creditor: string;
  balance: number;
  creditLimit: number | null;
  monthlyPayment: number | null;
  /** Fraction (0.129 = 12.9 %), as the debt table stores it. */
  interestRate: number | null;
  remainingTermMonths: number | null;
}

/** Writes what the register reported: updates the row with the same register id, inserts new ones. */
export async function upsertRegisterDebts(
  db: Executor,
  input: { applicationId: string; debts: RegisterDebt[]; now: Date },
): Promise<void> {
  await upsertRegisterDebtsOf(db, {
    debts: [{ applicationId: input.applicationId, debts: input.debts }],
    now: input.now,
  });
}

/**
 * upsertRegisterDebts for several applications: the register's debts already stored (by external
 * reference) changed in one statement, the new ones inserted in another.
 */
export async function upsertRegisterDebtsOf(
  db: Executor,
  input: { debts: ReadonlyArray<{ applicationId: string; debts: readonly RegisterDebt[] }>; now: Date },
): Promise<void> {
  // One row per application and register reference, the last answer winning (as one by one: the first
  // inserted, the next ones updating it).
  const byReference = new Map<string, RegisterDebt & { applicationId: string }>();
  for (const { applicationId, debts } of input.debts) {
    for (const entry of debts)
      byReference.set(`${applicationId}\n${entry.externalRef}`, { ...entry, applicationId });
  }
  if (byReference.size === 0) return;
  // An applicant who let us read their own register on the form (ADR 0079) has its debts already: the
  // intake's stand-in is not asked to add its own beside them.
  const consented = await findConsentedRegisterRoles(db, [
    ...new Set(input.debts.map((d) => d.applicationId)),
  ]);
  const entries = [...byReference.values()].filter(
    (entry) => !consented.has(`${entry.applicationId}\n${entry.ownerRole}`),
  );
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    loan_application_id: entry.applicationId,
    external_ref: entry.externalRef,
    owner_role: entry.ownerRole,
    debt_type: entry.debtType,
    creditor: entry.creditor,
    balance: entry.balance,
    credit_limit: entry.creditLimit,
    monthly_payment: entry.monthlyPayment,
    interest_rate: entry.interestRate,
    remaining_term_months: entry.remainingTermMonths,
  }));
  const updated = await db
    .update(debt)
    .set({
      ownerRole: sql`v.owner_role`,
      debtType: sql`v.debt_type`,
      creditor: sql`v.creditor`,
      balance: sql`v.balance`,
      creditLimit: sql`v.credit_limit`,
      monthlyPayment: sql`v.monthly_payment`,
      interestRate: sql`v.interest_rate`,
      remainingTermMonths: sql`v.remaining_term_months`,
      updatedAt: input.now,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(loan_application_id uuid, external_ref text, owner_role text, debt_type text, creditor text, balance integer, credit_limit integer, monthly_payment integer, interest_rate numeric, remaining_term_months integer)`,
    )
    .where(
      and(
        eq(debt.loanApplicationId, sql`v.loan_application_id`),
        eq(debt.source, 2),
        eq(debt.externalRef, sql`v.external_ref`),
      ),
    )
    .returning({ applicationId: debt.loanApplicationId, externalRef: debt.externalRef });
  const stored = new Set(updated.map((row) => `${row.applicationId}\n${row.externalRef}`));
  const fresh = entries.filter((entry) => !stored.has(`${entry.applicationId}\n${entry.externalRef}`));
  if (fresh.length === 0) return;
  // One jsonb parameter (a batch's register debts: 13 values a row would pass PostgreSQL's 65,535 limit).
  await db.execute(
    insertRowsAsJson(
      debt,
      fresh.map((entry) => ({
        ownerRole: entry.ownerRole,
        debtType: entry.debtType,
        creditor: entry.creditor,
        balance: entry.balance,
        creditLimit: entry.creditLimit,
        monthlyPayment: entry.monthlyPayment,
        interestRate: entry.interestRate,
        remainingTermMonths: entry.remainingTermMonths,
        updatedAt: input.now,
        loanApplicationId: entry.applicationId,
        source: 2,
        externalRef: entry.externalRef,
        createdAt: input.now,
      })),
    ),
  );
}
