import type { Product } from '@nordloan/domain/enums';
import { type LoanApplicationPage, loanApplicationPageSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { entityRequest, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-application with its query. Repeated values (personID, product, status, group) are sent
// joined by comma, as every generic helper does (§7). Parsed with the domain's page schema (ADR 0018).
export interface LoanApplicationFilters {
  humanReadableID?: string;
  customerID?: string;
  personID?: string | readonly string[];
  createdAfter?: string;
  product?: Product | readonly Product[];
  status?: number | readonly number[];
  group?: string | readonly string[];
  /** §9 page size 25 in the general list, 100 in the session layer's active lookup. */
  pageSize?: number;
  /** §9 pageNumber is always offset plus 1. */
  pageNumber?: number;
}

/** §9 general list page size. */
export const generalListPageSize = 25;

export async function getLoanApplications(
  filters: LoanApplicationFilters,
  token: string | null,
): Promise<LoanApplicationPage | null> {
  const url = joinUrl(serviceUrl(), '/loan-application', { pageSize: generalListPageSize, ...filters });
  return parseAnswer(loanApplicationPageSchema, await entityRequest<unknown>('GET', url, { token }));
}

export const loanApplicationsQueryOptions = (filters: LoanApplicationFilters, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applications({ ...filters }),
    queryFn: () => getLoanApplications(filters, token),
  });

export function useLoanApplications(filters: LoanApplicationFilters, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...loanApplicationsQueryOptions(filters, token),
    enabled: (options.enabled ?? true) && !!token,
  });
}
