import { type Debt, type DebtInput, debtSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /loan-application/{id}/debt: changes one stored debt (by its ID).

export type DebtChange = Partial<DebtInput> & { ID: string };

export async function changeDebt(id: string, debt: DebtChange): Promise<Debt> {
  return debtSchema.parse(
    await call('PATCH', fillPath('/loan-application/{id}/debt', { id }), { body: debt }),
  );
}

export const changeDebtMutation = () => ({
  mutationFn: ({ id, debt }: { id: string; debt: DebtChange }) => changeDebt(id, debt),
});

export function useChangeDebt() {
  return useMutation(changeDebtMutation());
}
