import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 DELETE /loan-application/{id}/debt with the debt's ID in the body.

export async function deleteDebt(id: string, debtId: string): Promise<void> {
  await call('DELETE', fillPath('/loan-application/{id}/debt', { id }), { body: { ID: debtId } });
}

export const deleteDebtMutation = () => ({
  mutationFn: ({ id, debtId }: { id: string; debtId: string }) => deleteDebt(id, debtId),
});

export function useDeleteDebt() {
  return useMutation(deleteDebtMutation());
}
