import { useMutation, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, joinUrl, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// POST /loan-application/{id}/withdraw: the customer withdraws the application (190, 290 … 690 by phase).
export function withdrawApplication(applicationID: string, token: string | null) {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/withdraw', { applicationID }),
  );
  return postJson<unknown>(url, { token, body: {} });
}

export function useWithdrawApplication(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawApplication(applicationID, token),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
      ]),
  });
}
