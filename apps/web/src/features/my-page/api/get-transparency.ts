import { type Transparency, transparencySchema } from '@nordloan/domain/lending/transparency';
import { useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// GET /loan-application/{id}/transparency (issue 13): each lender's path, the lenders' credit inquiries and
// their consent, the ranking rule and the commission of each offer. Refreshed with the application's other
// views when the live stream says something changed.

export async function getTransparency(
  applicationID: string,
  token: string | null,
): Promise<Transparency | null> {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/transparency', { applicationID }),
  );
  return parseAnswer(transparencySchema, await getJson<unknown>(url, { token }));
}

export function useTransparency(
  applicationID: string,
  options: { enabled: boolean; refetchInterval: number | false },
) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: queryKeys.applicationView(applicationID, 'loan-request', 'transparency'),
    queryFn: () => getTransparency(applicationID, token),
    enabled: options.enabled && !!token,
    refetchInterval: options.refetchInterval,
  });
}
