import {
  type AcceptQuoteResponse,
  acceptQuoteResponseSchema,
  type LoanQuote,
  loanQuoteSchema,
} from '@nordloan/domain/lending/loan-quote.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Offer actions: POST /loan-quote/{quoteId}/accept (with the applicant's consent, after the SECCI),
// /change (a new amount or duration → a new quote), /go-to-bank (the lender's signing page). Each one
// refreshes every cached view of the application afterwards.

const quotePath = (quoteID: string, action: 'accept' | 'change' | 'go-to-bank') =>
  joinUrl(serviceUrl(), fillPath(`/loan-quote/{quoteID}/${action}`, { quoteID }));

export async function acceptQuote(
  quoteID: string,
  token: string | null,
): Promise<AcceptQuoteResponse | null> {
  const body = { Consent: true, EntrySource: 'MyPage' as const };
  return parseAnswer(
    acceptQuoteResponseSchema,
    await postJson<unknown>(quotePath(quoteID, 'accept'), { token, body }),
  );
}

export interface ChangeQuoteInput {
  Amount?: number;
  DurationMonths?: number;
}
export async function changeQuote(
  quoteID: string,
  input: ChangeQuoteInput,
  token: string | null,
): Promise<LoanQuote | null> {
  return parseAnswer(
    loanQuoteSchema,
    await postJson<unknown>(quotePath(quoteID, 'change'), { token, body: input }),
  );
}

// §7 POST /loan-quote/{id}/go-to-bank is not called from the personal page (issue 38, ADR 0061): the
// lender address it answers does not exist; the page says the bank will contact the applicant instead.

function useRefreshApplication(applicationID: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
      queryClient.invalidateQueries({ queryKey: ['applications'] }),
    ]);
}

export function useAcceptQuote(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const refresh = useRefreshApplication(applicationID);
  return useMutation({ mutationFn: (quoteID: string) => acceptQuote(quoteID, token), onSuccess: refresh });
}

export function useChangeQuote(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const refresh = useRefreshApplication(applicationID);
  return useMutation({
    mutationFn: ({ quoteID, input }: { quoteID: string; input: ChangeQuoteInput }) =>
      changeQuote(quoteID, input, token),
    onSuccess: refresh,
  });
}
