import {
  type CreateLoanApplication,
  type LoanApplication,
  loanApplicationSchema,
} from '@nordloan/domain/loan-application';
import { useMutation } from '@tanstack/react-query';
import { newIdempotencyKey } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 POST /loan-application. One active application per product (ADR 0007): a 403 with applicationIDs
// names the active one, and is thrown as that body so the journey can continue it.

export function isActiveApplicationConflict(body: unknown): body is { applicationIDs: string[] } {
  return (
    !!body && typeof body === 'object' && Array.isArray((body as { applicationIDs?: unknown }).applicationIDs)
  );
}
export const activeApplicationConflict = (status: number, body: unknown) =>
  status === 403 && isActiveApplicationConflict(body);

/** `idempotencyKey`: one per submit (ADR 0071); a retry of the same submit passes the same one. */
export async function createApplication(
  input: CreateLoanApplication,
  idempotencyKey = newIdempotencyKey(),
): Promise<LoanApplication> {
  return loanApplicationSchema.parse(
    await call('POST', '/loan-application', {
      body: input,
      throwBodyWhen: activeApplicationConflict,
      idempotencyKey,
    }),
  );
}

export const createApplicationMutation = () => ({
  mutationFn: (input: CreateLoanApplication) => createApplication(input),
});

export function useCreateApplication() {
  return useMutation(createApplicationMutation());
}
