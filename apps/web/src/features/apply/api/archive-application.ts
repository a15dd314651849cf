import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 POST /loan-application/{id}/archive: the applicant starts over, so the draft they leave is withdrawn
// (ADR 0007: an applicant may archive while filling in), and a new application may be created.

export async function archiveApplication(id: string): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('POST', fillPath('/loan-application/{id}/archive', { id }), {
      body: { Reason: 'Withdrawn-by-customer' },
    }),
  );
}

export const archiveApplicationMutation = () => ({ mutationFn: archiveApplication });

export function useArchiveApplication() {
  return useMutation(archiveApplicationMutation());
}
