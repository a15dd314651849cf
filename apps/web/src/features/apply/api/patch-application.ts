import {
  type LoanApplication,
  loanApplicationSchema,
  type PatchLoanApplication,
} from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { activeApplicationConflict } from './create-application.ts';
import { call } from './request.ts';

// §7 PATCH /loan-application/{id}: the one client for it. A 403 with applicationIDs throws that body.

export async function patchApplication(id: string, body: PatchLoanApplication): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('PATCH', fillPath('/loan-application/{id}', { id }), {
      body,
      throwBodyWhen: activeApplicationConflict,
    }),
  );
}

export const patchApplicationMutation = () => ({
  mutationFn: ({ id, body }: { id: string; body: PatchLoanApplication }) => patchApplication(id, body),
});

export function usePatchApplication() {
  return useMutation(patchApplicationMutation());
}
