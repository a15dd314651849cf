import { type RefinancingView, refinancingViewSchema } from '@nordloan/domain/lending/refinancing.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// GET /loan-application/{id}/refinancing (issue 35 item 4, ADR 0080): the chosen debts against each offer,
// Norway's unused card limits and the payoffs. Under the application's key, so the live stream's change
// (an offer arrived, a payoff confirmed) asks again.

export async function getRefinancing(
  applicationID: string,
  token: string | null,
): Promise<RefinancingView | null> {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/refinancing', { applicationID }),
  );
  return parseAnswer(refinancingViewSchema, await getJson<unknown>(url, { token })) ?? null;
}

/** `offers`: the offers and status the page shows, so a new offer or a status move asks again. */
export const refinancingQueryOptions = (applicationID: string, token: string | null, offers: string) =>
  queryOptions({
    queryKey: [...queryKeys.application(applicationID), 'refinancing', offers] as const,
    queryFn: () => getRefinancing(applicationID, token),
    placeholderData: (previous) => previous,
  });

export function useRefinancing(
  applicationID: string,
  options: { enabled: boolean; offers: string; awaitPayoffs: boolean },
) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...refinancingQueryOptions(applicationID, token, options.offers),
    enabled: options.enabled && !!token,
    // The lender confirms payoffs after the payout, which moves no status: ask now and then until it has.
    refetchInterval: (query) =>
      options.awaitPayoffs && query.state.data?.Payoffs.some((payoff) => payoff.Status === 'pending')
        ? 10_000
        : false,
  });
}
