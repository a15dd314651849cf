import { useMutation } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { parseAnswer, postJson } from '#src/shared/api/http.ts';
import { type EligibilityAnswers, eligibilityResultSchema } from '../model/insurance-types.ts';
import { insuranceUrl } from './insurance-url.ts';

// POST /insurance/v2/eligibility: the applicant's answers and their explicit opt-in for one cover.
export async function checkEligibility(
  body: EligibilityAnswers & { InsuredMonthlyAmount: number; OptIn: true },
  token: string | null,
) {
  return parseAnswer(
    eligibilityResultSchema,
    await postJson<unknown>(insuranceUrl('/insurance/v2/eligibility'), { token, body }),
  );
}

export function useCheckEligibility() {
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: (body: EligibilityAnswers & { InsuredMonthlyAmount: number; OptIn: true }) =>
      checkEligibility(body, token),
  });
}
