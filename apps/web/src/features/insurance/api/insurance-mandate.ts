import { insuranceMandateSchema, type StartMandateBody } from '@nordloan/domain/insurance';
import { useMutation, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { getJson, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { insuranceQueryKeys, insuranceUrl } from './insurance-url.ts';

// §7 POST /insurance/v2/mandate/{provider} starts the e-ID signing; GET …/{provider}/{id} follows it,
// polled every second while the applicant signs in their e-ID app.
export async function startMandate(provider: string, requestId: string, token: string | null) {
  const url = insuranceUrl('/insurance/v2/mandate/{provider}', { provider });
  const body: StartMandateBody = { InsuranceRequestID: requestId };
  return parseAnswer(insuranceMandateSchema, await postJson<unknown>(url, { token, body }));
}

export async function getMandate(provider: string, id: string, token: string | null) {
  const url = insuranceUrl('/insurance/v2/mandate/{provider}/{id}', { provider, id });
  return parseAnswer(insuranceMandateSchema, await getJson<unknown>(url, { token }));
}

export function useStartMandate(provider: string) {
  const token = useAuthStore(effectiveToken);
  return useMutation({ mutationFn: (requestId: string) => startMandate(provider, requestId, token) });
}

export function useMandate(provider: string, id: string | null) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: insuranceQueryKeys.mandate(id ?? ''),
    queryFn: () => getMandate(provider, id!, token),
    enabled: !!token && !!id,
    refetchInterval: (query) => (query.state.data?.Status === 'pending' ? 1_000 : false),
  });
}
