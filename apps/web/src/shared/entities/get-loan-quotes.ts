import { type LoanQuote, loanQuoteSchema } from '@nordloan/domain/lending/loan-quote.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl } from '#src/shared/api/service-urls.ts';

// §7 integration service: GET /loan-quote-presentation/application/{id}/quotes — every quote of the
// application, replaced ones included (the offer history). Parsed with the domain's quote schema, the one the
// API answers with (docs/decisions/0018). The session layer's quotes data set and the personal page's offer
// history read the same cache entry.

const loanQuotesSchema = /* @__PURE__ */ z.array(loanQuoteSchema);

export async function getLoanQuotes(
  applicationID: string,
  token: string | null,
): Promise<LoanQuote[] | null> {
  const url = joinUrl(
    integrationUrl(),
    fillPath('/loan-quote-presentation/application/{applicationID}/quotes', { applicationID }),
  );
  return parseAnswer(loanQuotesSchema, await getJson<unknown>(url, { token }));
}

export const loanQuotesQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.loanQuotes(applicationID),
    queryFn: () => getLoanQuotes(applicationID, token),
  });

export function useLoanQuotes(applicationID: string | null, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...loanQuotesQueryOptions(applicationID ?? '', token),
    enabled: (options.enabled ?? true) && !!token && !!applicationID,
  });
}
