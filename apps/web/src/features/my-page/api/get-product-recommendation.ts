import {
  type ProductRecommendation,
  productRecommendationSchema,
} from '@nordloan/domain/lending/loan-quote.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError, fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl } from '#src/shared/api/service-urls.ts';

// §7 GET …/product-recommendation/loan-application/{id}/latest, and POST … (empty body) to compute one
// when none exists yet (the API answers 404 before the first computation) or when the latest was computed
// from other offers than those now shown (issue 38: a recommendation stored before the last offers arrived
// named another offer than the page's). The page shows its own recommendation, made by the same rule
// (docs/decisions/0061); this records it. The "empty body" is sent as `{}`: a JSON content type with no
// body at all is refused by the server.

export async function getProductRecommendation(
  applicationID: string,
  token: string | null,
  expectedQuoteId: string | null = null,
): Promise<ProductRecommendation | null> {
  const base = fillPath('/loan-quote-presentation/product-recommendation/loan-application/{applicationID}', {
    applicationID,
  });
  try {
    const latest = parseAnswer(
      productRecommendationSchema,
      await getJson<unknown>(joinUrl(integrationUrl(), `${base}/latest`), { token }),
    );
    if (!expectedQuoteId || latest?.LoanQuoteID === expectedQuoteId) return latest;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  return parseAnswer(
    productRecommendationSchema,
    await postJson<unknown>(joinUrl(integrationUrl(), base), { token, body: {} }),
  );
}

export const productRecommendationQueryOptions = (
  applicationID: string,
  token: string | null,
  offerIds: string,
  expectedQuoteId: string | null = null,
) =>
  queryOptions({
    // Keyed by the offers it was computed from, so a new or changed offer gets a fresh recommendation.
    queryKey: queryKeys.applicationView(applicationID, 'product-recommendation', offerIds),
    queryFn: () => getProductRecommendation(applicationID, token, expectedQuoteId),
  });

/** Records the page's recommendation through §7 (computed there by the same rule) once it is final. */
export function useProductRecommendation(
  applicationID: string,
  options: { enabled: boolean; offerIds: string; expectedQuoteId: string | null },
) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...productRecommendationQueryOptions(applicationID, token, options.offerIds, options.expectedQuoteId),
    enabled: options.enabled && !!token,
  });
}
