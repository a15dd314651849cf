import { type Expense, type ExpenseInput, expenseSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath, newIdempotencyKey } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 POST /loan-application/{id}/expense: one monthly expense of a §3 category.

/** One Idempotency-Key per added record (ADR 0071): a retried add makes one record. */
export async function addExpense(
  id: string,
  expense: ExpenseInput,
  idempotencyKey = newIdempotencyKey(),
): Promise<Expense> {
  return expenseSchema.parse(
    await call('POST', fillPath('/loan-application/{id}/expense', { id }), { body: expense, idempotencyKey }),
  );
}

export const addExpenseMutation = () => ({
  mutationFn: ({ id, expense }: { id: string; expense: ExpenseInput }) => addExpense(id, expense),
});

export function useAddExpense() {
  return useMutation(addExpenseMutation());
}
