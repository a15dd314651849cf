import { type Debt, type DebtInput, debtSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath, newIdempotencyKey } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 POST /loan-application/{id}/debt: one applicant-stated debt (debt source 1).

/** One Idempotency-Key per added record (ADR 0071): a retried add makes one record. */
export async function addDebt(
  id: string,
  debt: DebtInput,
  idempotencyKey = newIdempotencyKey(),
): Promise<Debt> {
  return debtSchema.parse(
    await call('POST', fillPath('/loan-application/{id}/debt', { id }), { body: debt, idempotencyKey }),
  );
}

export const addDebtMutation = () => ({
  mutationFn: ({ id, debt }: { id: string; debt: DebtInput }) => addDebt(id, debt),
});

export function useAddDebt() {
  return useMutation(addDebtMutation());
}
