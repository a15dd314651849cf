import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 DELETE /loan-application/{id}/co-applicant.

export async function removeCoApplicant(id: string): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('DELETE', fillPath('/loan-application/{id}/co-applicant', { id })),
  );
}

export const removeCoApplicantMutation = () => ({ mutationFn: removeCoApplicant });

export function useRemoveCoApplicant() {
  return useMutation(removeCoApplicantMutation());
}
