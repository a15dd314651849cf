import { type InsuranceOffer, insuranceOfferSchema } from '@nordloan/domain/insurance';
import { useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { getJson, parseAnswer } from '#src/shared/api/http.ts';
import { insuranceQueryKeys, insuranceUrl } from './insurance-url.ts';

// GET /insurance/v2/eligibility: the brand's offer, and the rules checked against what the API knows.
export async function getEligibility(token: string | null): Promise<InsuranceOffer | null> {
  return parseAnswer(
    insuranceOfferSchema,
    await getJson<unknown>(insuranceUrl('/insurance/v2/eligibility'), { token }),
  );
}

export function useInsuranceOffer(brand: string) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: insuranceQueryKeys.offer(brand),
    queryFn: () => getEligibility(token),
    enabled: !!token,
  });
}
