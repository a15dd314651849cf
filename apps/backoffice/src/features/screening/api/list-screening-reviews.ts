import { type ScreeningReviewItem, screeningReviewPageSchema } from '@nordloan/domain/screening';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request } from '#src/shared/api/http.ts';
import { pageSize } from '#src/shared/api/list.ts';

// GET /backoffice/screening/reviews?country=&offset=&limit= → open PEP/sanctions hits to review.

export type ScreeningReview = ScreeningReviewItem;

export async function listScreeningReviews(filter: { country?: string; offset: number }) {
  return parseWith(screeningReviewPageSchema)(
    await request('GET', '/backoffice/screening/reviews', {
      query: { country: filter.country, offset: filter.offset, limit: pageSize },
    }),
  );
}

export const screeningReviewsQueryOptions = (filter: { country?: string; offset: number }) =>
  queryOptions({
    queryKey: ['screening-reviews', filter],
    queryFn: () => listScreeningReviews(filter),
    placeholderData: keepPreviousData,
  });

export function useScreeningReviews(filter: { country?: string; offset: number }) {
  return useQuery(screeningReviewsQueryOptions(filter));
}
