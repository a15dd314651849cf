import {
  type QuotesPresentationV2,
  quotesPresentationV2Schema,
} from '@nordloan/domain/lending/loan-quote.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shouldPollOffers } from '#src/features/my-page/model/offer-polling.ts';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-quote-presentation/v2/application/{id}/quotes: offers grouped, with representative
// examples, the lenders still deciding and whether every lender has answered.

/** How often offers are asked for while lenders are still deciding (issue 6: offers arrive without reload). */
export const offersPollMs = 3_000;

/**
 * While the live stream is up it says when to ask again; this slow poll is only the safety net for a
 * notification that never came (a dropped LISTEN connection, a proxy that buffered the stream). Without it a
 * single lost event would leave "waiting for 1 bank" on the page until a reload.
 */
export const liveSafetyPollMs = 15_000;

export async function getQuotesPresentation(
  applicationID: string,
  token: string | null,
): Promise<QuotesPresentationV2 | null> {
  const url = joinUrl(
    integrationUrl(),
    fillPath('/loan-quote-presentation/v2/application/{applicationID}/quotes', { applicationID }),
  );
  return parseAnswer(quotesPresentationV2Schema, await getJson<unknown>(url, { token }));
}

export const quotesPresentationQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applicationView(applicationID, 'loan-quotes-presentation-v2'),
    queryFn: () => getQuotesPresentation(applicationID, token),
  });

export function useQuotesPresentation(applicationID: string, options: { enabled: boolean; live?: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...quotesPresentationQueryOptions(applicationID, token),
    enabled: options.enabled && !!token,
    // Poll while lenders are deciding (or the application is still on its way to them); stop when settled.
    // While the live stream is up (issue 13) it says when to ask again, the moment a change is stored; the
    // slow safety poll only catches a change whose notification was lost.
    refetchInterval: (query) =>
      shouldPollOffers(query.state.data) ? (options.live ? liveSafetyPollMs : offersPollMs) : false,
  });
}
