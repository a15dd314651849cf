import { type Debt, type DebtInput, debtSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 POST /loan-application/{id}/debt: one applicant-stated debt (debt source 1).

export async function addDebt(id: string, debt: DebtInput): Promise<Debt> {
  return debtSchema.parse(
    await call('POST', fillPath('/loan-application/{id}/debt', { id }), { body: debt }),
  );
}

export const addDebtMutation = () => ({
  mutationFn: ({ id, debt }: { id: string; debt: DebtInput }) => addDebt(id, debt),
});

export function useAddDebt() {
  return useMutation(addDebtMutation());
}
