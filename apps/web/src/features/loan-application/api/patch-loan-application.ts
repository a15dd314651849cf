import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { entityRequest, fillPath, joinUrl } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

/** §7: a PATCH answered 403 with an applicationIDs field throws that body as the error. */
export interface ApplicationConflictBody {
  applicationIDs: string[];
  [key: string]: unknown;
}

export function isApplicationConflict(status: number, body: unknown): body is ApplicationConflictBody {
  return status === 403 && !!body && typeof body === 'object' && 'applicationIDs' in body;
}

// §7 PATCH /loan-application/{id} with a body.
export async function patchLoanApplication(id: string, body: Record<string, unknown>, token: string | null) {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/{id}', { id }));
  return entityRequest<unknown>('PATCH', url, { token, body, throwBodyWhen: isApplicationConflict });
}

/** §7 "After a PATCH of an application all cached data for it is refreshed." */
export function refreshApplication(queryClient: QueryClient, id: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.application(id) });
}

export function usePatchLoanApplication(id: string) {
  const queryClient = useQueryClient();
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => patchLoanApplication(id, body, token),
    onSuccess: () => refreshApplication(queryClient, id),
  });
}
