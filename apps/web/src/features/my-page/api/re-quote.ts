import { loanQuoteSchema } from '@nordloan/domain/lending/loan-quote.schema';
import { type ReQuoteBody, reQuoteResultSchema } from '@nordloan/domain/lending/transparency';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl, serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 13 item 5: a new amount or term for every open offer at once (POST /loan-application/{id}/re-quote),
// and the history of offers (the v1 quote list keeps the replaced ones).

export async function reQuote(applicationID: string, input: ReQuoteBody, token: string | null) {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/re-quote', { applicationID }),
  );
  return parseAnswer(reQuoteResultSchema, await postJson<unknown>(url, { token, body: input }));
}

export function useReQuote(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReQuoteBody) => reQuote(applicationID, input, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
  });
}

const quoteHistorySchema = z.array(loanQuoteSchema);

export function useQuoteHistory(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: queryKeys.applicationView(applicationID, 'loan-quotes'),
    queryFn: async () => {
      const url = joinUrl(
        integrationUrl(),
        fillPath('/loan-quote-presentation/application/{applicationID}/quotes', { applicationID }),
      );
      return parseAnswer(quoteHistorySchema, await getJson<unknown>(url, { token }));
    },
    enabled: options.enabled && !!token,
  });
}
