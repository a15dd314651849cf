import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type LoanApplication,
  loanApplicationSchema,
} from '#src/features/loan-application/api/loan-application.schema.ts';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { entityRequest, fillPath, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-application/{id}: one application. §8: a failed load rethrows the error message.
export async function getLoanApplication(id: string, token: string | null): Promise<LoanApplication | null> {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/{id}', { id }));
  return parseAnswer(loanApplicationSchema, await entityRequest<unknown>('GET', url, { token }));
}

export const loanApplicationQueryOptions = (id: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applicationView(id, 'detail'),
    queryFn: () => getLoanApplication(id, token),
  });

/** §6: runs only when a token exists (the URL's token when none is set). */
export function useLoanApplication(id: string | null, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...loanApplicationQueryOptions(id ?? '', token),
    enabled: (options.enabled ?? true) && !!token && !!id,
  });
}
