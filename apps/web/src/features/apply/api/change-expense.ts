import { type Expense, expenseSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /loan-application/{id}/expense: a new monthly amount for one stored expense.

export type ExpenseChange = { ID: string; MonthlyAmount: number };

export async function changeExpense(id: string, expense: ExpenseChange): Promise<Expense> {
  return expenseSchema.parse(
    await call('PATCH', fillPath('/loan-application/{id}/expense', { id }), { body: expense }),
  );
}

export const changeExpenseMutation = () => ({
  mutationFn: ({ id, expense }: { id: string; expense: ExpenseChange }) => changeExpense(id, expense),
});

export function useChangeExpense() {
  return useMutation(changeExpenseMutation());
}
