import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 DELETE /loan-application/{id}/expense with the expense's ID in the body.

export async function deleteExpense(id: string, expenseId: string): Promise<void> {
  await call('DELETE', fillPath('/loan-application/{id}/expense', { id }), { body: { ID: expenseId } });
}

export const deleteExpenseMutation = () => ({
  mutationFn: ({ id, expenseId }: { id: string; expenseId: string }) => deleteExpense(id, expenseId),
});

export function useDeleteExpense() {
  return useMutation(deleteExpenseMutation());
}
