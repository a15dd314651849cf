import type { CurrentUser } from '@nordloan/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 identity check: GET /auth/me with the token → { CustomerID, PersonID }; cached by token. The
// answer is returned unvalidated: the session layer checks it against the schema itself (§5).
export function getCurrentUser(token: string): Promise<unknown> {
  return apiRequest<unknown>('GET', '/auth/me', { baseUrl: serviceUrl(), token });
}

export const currentUserQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.currentUser(token),
    queryFn: () => getCurrentUser(token) as Promise<CurrentUser>,
  });

export function useCurrentUser(token: string | null) {
  return useQuery({ ...currentUserQueryOptions(token ?? ''), enabled: !!token });
}
