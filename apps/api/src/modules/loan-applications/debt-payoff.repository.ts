import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { debt } from '#src/db/schema/applications.ts';

// The lender's confirmation that the payout paid a refinanced debt off (ADR 0080, the signed
// `payoff-confirmed` callback). Only the application's own refinanced debts: a reference to anything else
// changes nothing. A repeated confirmation writes the same values again.

export interface ConfirmedPayoff {
  debtId: string;
  amount: number;
  paidAt: Date;
  lenderReference: string;
}

/** Answers the ids of the debts it recorded. */
export async function confirmDebtPayoffs(
  tx: Executor,
  applicationId: string,
  payoffs: readonly ConfirmedPayoff[],
  now: Date,
): Promise<string[]> {
  const ids = payoffs.map((payoff) => payoff.debtId);
  if (ids.length === 0) return [];
  const refinanced = await tx
    .select({ id: debt.id })
    .from(debt)
    .where(
      and(eq(debt.loanApplicationId, applicationId), eq(debt.isRefinanced, true), inArray(debt.id, ids)),
    );
  const known = new Set(refinanced.map((row) => row.id));
  for (const payoff of payoffs) {
    if (!known.has(payoff.debtId)) continue;
    await tx
      .update(debt)
      .set({
        payoffConfirmedAmount: Math.round(payoff.amount),
        payoffConfirmedAt: payoff.paidAt,
        payoffLenderReference: payoff.lenderReference,
        updatedAt: now,
      })
      .where(and(eq(debt.id, payoff.debtId), eq(debt.loanApplicationId, applicationId)));
  }
  return [...known];
}
