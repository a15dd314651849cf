import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { entityRequest, fillPath, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-application/{id}: one application, parsed with the domain's application schema (the one the
// API answers with, docs/decisions/0018). §8: a failed load rethrows the error message. One cache entry per
// application: the session layer, the personal page and the apply form read and update the same.

export async function getLoanApplication(id: string, token: string | null): Promise<LoanApplication | null> {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/{id}', { id }));
  return parseAnswer(loanApplicationSchema, await entityRequest<unknown>('GET', url, { token }));
}

export const loanApplicationQueryOptions = (id: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.loanApplication(id),
    queryFn: () => getLoanApplication(id, token),
  });

/**
 * §6: runs only when a token exists (the URL's token when none is set). `staleTime: 0` for a reader that
 * must start from the stored application (the apply form's defaults), whatever another page cached.
 */
export function useLoanApplication(
  id: string | null,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...loanApplicationQueryOptions(id ?? '', token),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    enabled: (options.enabled ?? true) && !!token && !!id,
  });
}
