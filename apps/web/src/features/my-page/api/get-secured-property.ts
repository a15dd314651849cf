import { securedPropertySchema } from '@nordloan/domain/secured-loan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError, fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// GET /loan-application/{id}/property (ADR 0027): a secured loan's home, loan-to-value and the case's
// documents with what has been received. null before the applicant told us about the home (404).

export async function getSecuredProperty(applicationID: string, token: string | null) {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/property', { applicationID }),
  );
  try {
    return parseAnswer(securedPropertySchema, await getJson<unknown>(url, { token }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const securedPropertyQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.securedProperty(applicationID),
    queryFn: () => getSecuredProperty(applicationID, token),
  });

export function useSecuredCase(applicationID: string, enabled: boolean) {
  const token = useAuthStore(effectiveToken);
  return useQuery({ ...securedPropertyQueryOptions(applicationID, token), enabled: !!token && enabled });
}
