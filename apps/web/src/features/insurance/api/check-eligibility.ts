import {
  type EligibilityAnswersInput,
  type EligibilityResult,
  eligibilityResultSchema,
} from '@nordloan/domain/insurance';
import { useMutation } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { parseAnswer, postJson } from '#src/shared/api/http.ts';
import { insuranceUrl } from './insurance-url.ts';

/** The applicant's answers to the eligibility questions (the rest of the body is the cover and the opt-in). */
export type EligibilityAnswers = Omit<
  EligibilityAnswersInput,
  'OptIn' | 'InsuredMonthlyAmount' | 'LoanApplicationID'
>;

// POST /insurance/v2/eligibility: the applicant's answers and their explicit opt-in for one cover.
export async function checkEligibility(
  body: EligibilityAnswersInput,
  token: string | null,
): Promise<EligibilityResult | null> {
  return parseAnswer(
    eligibilityResultSchema,
    await postJson<unknown>(insuranceUrl('/insurance/v2/eligibility'), { token, body }),
  );
}

export function useCheckEligibility() {
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: (body: EligibilityAnswersInput) => checkEligibility(body, token),
  });
}
