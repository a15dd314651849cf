import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /loan-application/{id}/step-complete. Step names are lower-case words (domain stepNameSchema);
// the journey resumes after CurrentStep.

export async function completeStep(id: string, step: string): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('PATCH', fillPath('/loan-application/{id}/step-complete', { id }), { body: { Step: step } }),
  );
}

export const completeStepMutation = () => ({
  mutationFn: ({ id, step }: { id: string; step: string }) => completeStep(id, step),
});

export function useCompleteStep() {
  return useMutation(completeStepMutation());
}
