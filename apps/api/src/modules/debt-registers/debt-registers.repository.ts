import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { debt } from '#src/db/schema/applications.ts';
import {
  type DebtRegisterInquiryRow,
  debtRegisterInquiry,
  type FoundRegisterDebt,
} from '#src/db/schema/debt-registers.ts';

// The debt-register inquiries (ADR 0079) and the application's debts they write (source 2).

export type DebtRegisterInquiryValues = Omit<DebtRegisterInquiryRow, 'createdAt' | 'updatedAt'>;
type Role = 'MainApplicant' | 'CoApplicant';

export async function findInquiries(db: Executor, applicationId: string): Promise<DebtRegisterInquiryRow[]> {
  return db
    .select()
    .from(debtRegisterInquiry)
    .where(eq(debtRegisterInquiry.loanApplicationId, applicationId));
}

export async function saveInquiry(db: Executor, values: DebtRegisterInquiryValues, now: Date): Promise<void> {
  await db
    .insert(debtRegisterInquiry)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [debtRegisterInquiry.loanApplicationId, debtRegisterInquiry.ownerRole],
      set: { ...values, updatedAt: now },
    });
}

/**
 * Which applicants of these applications have their debts from a consented register inquiry (ADR 0079):
 * `<application id>\n<owner role>`. The intake's stand-in register does not add its own for them.
 */
export async function findConsentedRegisterRoles(db: Executor, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: debtRegisterInquiry.loanApplicationId, role: debtRegisterInquiry.ownerRole })
    .from(debtRegisterInquiry)
    .where(
      and(
        inArray(debtRegisterInquiry.loanApplicationId, [...applicationIds]),
        // Fetched now, or before a later inquiry failed (its debts are still in the application).
        isNotNull(debtRegisterInquiry.found),
      ),
    );
  return new Set(rows.map((row) => `${row.id}\n${row.role}`));
}

/** The applicant's debts that came from a register inquiry of ours (source 2 or corrected to 1). */
export async function findRegisterDebts(db: Executor, applicationId: string, role: Role) {
  return db
    .select()
    .from(debt)
    .where(
      and(
        eq(debt.loanApplicationId, applicationId),
        eq(debt.ownerRole, role),
        like(debt.externalRef, 'debt-register:%'),
      ),
    );
}

/**
 * Writes what the register reported into the application's debts (source 2): a debt seen before (same
 * reference) gets the new figures and keeps the applicant's refinancing choice; one the applicant corrected
 * (now their own statement, source 1) is left as they said; new ones are added; ones the register no longer
 * reports go. Balance is what is drawn (what a payoff pays) and CreditLimit the limit: the debt counted is
 * the larger of the two (countedBalance; the refinancing figures count it so too, ADR 0080).
 */
export async function writeRegisterDebts(
  db: Executor,
  input: { applicationId: string; role: Role; debts: readonly FoundRegisterDebt[]; now: Date },
): Promise<void> {
  const existing = await findRegisterDebts(db, input.applicationId, input.role);
  const byRef = new Map(existing.map((row) => [row.externalRef, row]));
  const reported = new Set(input.debts.map((found) => found.ExternalRef));
  const gone = existing
    .filter((row) => row.source === 2 && !reported.has(row.externalRef ?? ''))
    .map((row) => row.id);
  if (gone.length > 0) await db.delete(debt).where(inArray(debt.id, gone));
  for (const found of input.debts) {
    const figures = {
      debtType: found.DebtType,
      creditor: found.Creditor,
      balance: found.Balance,
      creditLimit: found.CreditLimit,
      monthlyPayment: found.MonthlyPayment,
      interestRate: found.InterestRate,
      remainingTermMonths: found.RemainingTermMonths,
      updatedAt: input.now,
    };
    const row = byRef.get(found.ExternalRef);
    if (row?.source === 1) continue;
    if (row) await db.update(debt).set(figures).where(eq(debt.id, row.id));
    else
      await db.insert(debt).values({
        ...figures,
        loanApplicationId: input.applicationId,
        ownerRole: input.role,
        source: 2,
        externalRef: found.ExternalRef,
        isRefinanced: false,
        createdAt: input.now,
      });
  }
}

/** A credit line counts as debt at its limit even when unused (the Norwegian debt-ratio rule). */
export function countedBalance(found: Pick<FoundRegisterDebt, 'Balance' | 'CreditLimit'>): number {
  return Math.max(found.Balance, found.CreditLimit ?? 0);
}

/** The applicant's correction: the debt becomes their own statement (source 1), its register link kept. */
export async function correctRegisterDebt(
  db: Executor,
  input: {
    applicationId: string;
    role: Role;
    debtId: string;
    figures: { Balance: number; MonthlyPayment: number | null; CreditLimit: number | null };
    now: Date;
  },
) {
  const [row] = await db
    .update(debt)
    .set({
      source: 1,
      balance: input.figures.Balance,
      monthlyPayment: input.figures.MonthlyPayment,
      creditLimit: input.figures.CreditLimit,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(debt.id, input.debtId),
        eq(debt.loanApplicationId, input.applicationId),
        eq(debt.ownerRole, input.role),
        like(debt.externalRef, 'debt-register:%'),
      ),
    )
    .returning();
  return row;
}
