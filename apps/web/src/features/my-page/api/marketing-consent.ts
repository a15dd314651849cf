import { type ConsentState, consentStateSchema } from '@nordloan/domain/consent';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { deleteJson, fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 consent: GET /consent/v2/consent (query: customerID, brand) for the state, and
// DELETE /customer/{id}/consent, which revokes marketing consent on every channel. §6: both need a token
// and a customer id. Both answer the domain's consent state.

export function marketingChannelsGiven(state: ConsentState | null | undefined): string[] {
  return (state?.Consents ?? [])
    .filter((consent) => consent.Purpose === 'marketing' && consent.Status === 'given')
    .map((consent) => consent.Channel);
}

export async function getConsentState(customerID: string, brand: string, token: string | null) {
  const url = joinUrl(serviceUrl(), '/consent/v2/consent', { customerID, brand });
  return parseAnswer(consentStateSchema, await getJson<unknown>(url, { token }));
}

export async function revokeMarketingConsent(customerID: string, token: string | null) {
  const url = joinUrl(serviceUrl(), fillPath('/customer/{customerID}/consent', { customerID }));
  return parseAnswer(consentStateSchema, await deleteJson<unknown>(url, { token, body: {} }));
}

const consentKey = (customerID: string, brand: string) =>
  ['consent', customerID, brand, 'marketing'] as const;

export const consentStateQueryOptions = (customerID: string, brand: string, token: string | null) =>
  queryOptions({
    queryKey: consentKey(customerID, brand),
    queryFn: () => getConsentState(customerID, brand, token),
  });

export function useConsentState(customerID: string | null, brand: string) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...consentStateQueryOptions(customerID ?? '', brand, token),
    enabled: !!token && !!customerID,
  });
}

export function useRevokeMarketingConsent(customerID: string, brand: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeMarketingConsent(customerID, token),
    onSuccess: (state) => {
      if (state) queryClient.setQueryData(consentKey(customerID, brand), state);
      return queryClient.invalidateQueries({ queryKey: consentKey(customerID, brand) });
    },
  });
}
