import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { type BankDataConnectionRow, bankDataConnection } from '#src/db/schema/bank-data.ts';

// The bank consent and derived figures of an application (ADR 0076): one row, replaced by a new connection.

export type BankDataConnectionValues = Omit<BankDataConnectionRow, 'createdAt' | 'updatedAt'>;

export async function findBankDataConnection(
  db: Executor,
  applicationId: string,
): Promise<BankDataConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(bankDataConnection)
    .where(eq(bankDataConnection.loanApplicationId, applicationId));
  return row;
}

export async function findBankDataConnectionByState(
  db: Executor,
  stateHash: string,
): Promise<BankDataConnectionRow | undefined> {
  const [row] = await db.select().from(bankDataConnection).where(eq(bankDataConnection.stateHash, stateHash));
  return row;
}

export async function saveBankDataConnection(
  db: Executor,
  values: BankDataConnectionValues,
  now: Date,
): Promise<void> {
  await db
    .insert(bankDataConnection)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: bankDataConnection.loanApplicationId, set: { ...values, updatedAt: now } });
}

export async function deleteBankDataConnection(db: Executor, applicationId: string): Promise<boolean> {
  const deleted = await db
    .delete(bankDataConnection)
    .where(eq(bankDataConnection.loanApplicationId, applicationId))
    .returning({ id: bankDataConnection.loanApplicationId });
  return deleted.length > 0;
}

export async function findApplicationCountry(db: Executor, applicationId: string) {
  const [row] = await db
    .select({ country: loanApplication.country })
    .from(loanApplication)
    .where(eq(loanApplication.id, applicationId));
  return row?.country;
}

/** The net monthly income the bank showed, per connected application of `ids` (one query for a batch). */
export async function findBankIncomes(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: bankDataConnection.loanApplicationId,
      income: sql<number | null>`(${bankDataConnection.figures} ->> 'NetMonthlyIncome')::int`,
    })
    .from(bankDataConnection)
    .where(
      and(inArray(bankDataConnection.loanApplicationId, [...ids]), eq(bankDataConnection.state, 'connected')),
    );
  return new Map(rows.flatMap((row) => (row.income === null ? [] : [[row.id, row.income] as const])));
}
