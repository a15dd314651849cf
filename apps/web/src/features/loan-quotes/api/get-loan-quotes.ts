import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl } from '#src/shared/api/service-urls.ts';

// §7 integration service: GET /loan-quote-presentation/application/{id}/quotes. §3 does not show the
// quote fields; the few every screen needs are typed, the rest pass through.
export const loanQuoteSchema = z.looseObject({ ID: z.string().optional() });
export type LoanQuote = z.infer<typeof loanQuoteSchema>;
const loanQuotesSchema = z.union([
  z.array(loanQuoteSchema),
  z.looseObject({ Items: z.array(loanQuoteSchema) }).transform((page) => page.Items),
]);

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
    queryKey: queryKeys.applicationView(applicationID, 'loan-quotes-presentation'),
    queryFn: () => getLoanQuotes(applicationID, token),
  });

export function useLoanQuotes(applicationID: string | null, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...loanQuotesQueryOptions(applicationID ?? '', token),
    enabled: (options.enabled ?? true) && !!token && !!applicationID,
  });
}
