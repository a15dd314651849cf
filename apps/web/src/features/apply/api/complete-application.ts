import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /loan-application/{id}/application-complete: submit; the application moves into the lending
// engine (→ 160).

export async function completeApplication(id: string): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('PATCH', fillPath('/loan-application/{id}/application-complete', { id }), { body: {} }),
  );
}

export const completeApplicationMutation = () => ({ mutationFn: completeApplication });

export function useCompleteApplication() {
  return useMutation(completeApplicationMutation());
}
