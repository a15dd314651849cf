import { type ReQuoteBody, reQuoteResultSchema } from '@nordloan/domain/lending/transparency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';
import { useLoanQuotes } from '#src/shared/entities/get-loan-quotes.ts';

// Issue 13 item 5: a new amount or term for every open offer at once (POST /loan-application/{id}/re-quote),
// and the history of offers (the v1 quote list keeps the replaced ones: the shared quotes entity).

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

export function useQuoteHistory(applicationID: string, options: { enabled: boolean }) {
  return useLoanQuotes(applicationID, options);
}
