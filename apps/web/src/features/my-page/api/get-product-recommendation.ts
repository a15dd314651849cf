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
// when none exists yet (the API answers 404 before the first computation). The "empty body" is sent as
// `{}`: a JSON content type with no body at all is refused by the server.

export async function getProductRecommendation(
  applicationID: string,
  token: string | null,
): Promise<ProductRecommendation | null> {
  const base = fillPath('/loan-quote-presentation/product-recommendation/loan-application/{applicationID}', {
    applicationID,
  });
  try {
    return parseAnswer(
      productRecommendationSchema,
      await getJson<unknown>(joinUrl(integrationUrl(), `${base}/latest`), { token }),
    );
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
) =>
  queryOptions({
    // Keyed by the offers it was computed from, so a new or changed offer gets a fresh recommendation.
    queryKey: queryKeys.applicationView(applicationID, 'product-recommendation', offerIds),
    queryFn: () => getProductRecommendation(applicationID, token),
  });

export function useProductRecommendation(
  applicationID: string,
  options: { enabled: boolean; offerIds: string },
) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...productRecommendationQueryOptions(applicationID, token, options.offerIds),
    enabled: options.enabled && !!token,
  });
}
