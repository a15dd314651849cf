import { type PreCheckInput, type PreCheckResult, preCheckResultSchema } from '@nordloan/domain/pre-check';
import { useMutation } from '@tanstack/react-query';
import { call } from './request.ts';

// POST /loan-application/pre-check (ADR 0028): no token — the applicant has not identified yet, and the
// check stores nothing.

export async function runPreCheck(body: PreCheckInput): Promise<PreCheckResult> {
  return preCheckResultSchema.parse(
    await call('POST', '/loan-application/pre-check', { body, anonymous: true }),
  );
}

export function usePreCheck() {
  return useMutation({ mutationFn: runPreCheck });
}
