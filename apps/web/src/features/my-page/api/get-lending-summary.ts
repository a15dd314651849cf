import { loanQuoteSchema, withdrawalWindowSchema } from '@nordloan/domain/lending/loan-quote.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// GET /loan-application/{id}/lending: the status history (for the timeline's dates), the accepted offer and
// the 14-day withdrawal window. The API's own route; its fields are read loosely, only what is shown.
export const lendingSummarySchema = z.looseObject({
  Status: z.number().int(),
  History: z.array(z.looseObject({ From: z.number(), To: z.number(), CreatedAt: z.string() })),
  AcceptedQuote: loanQuoteSchema.nullable(),
  WithdrawalWindow: withdrawalWindowSchema.nullable(),
});
export type LendingSummary = z.infer<typeof lendingSummarySchema>;

export async function getLendingSummary(applicationID: string, token: string | null) {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/lending', { applicationID }));
  return parseAnswer(lendingSummarySchema, await getJson<unknown>(url, { token }));
}

export const lendingSummaryQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applicationView(applicationID, 'registration-status'),
    queryFn: () => getLendingSummary(applicationID, token),
  });

export function useLendingSummary(applicationID: string, options: { refetchInterval: number | false }) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...lendingSummaryQueryOptions(applicationID, token),
    enabled: !!token,
    refetchInterval: options.refetchInterval,
  });
}
