import { personCheckSchema } from '@nordloan/domain/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';
import { listSchema, pageSize } from '#src/shared/api/list.ts';

// GET /backoffice/screening/reviews?country=&offset=&limit= → open PEP/sanctions hits to review.

export const screeningReviewSchema = z.looseObject({
  PersonCheck: personCheckSchema.loose(),
  LoanApplicationID: z.string().nullish(),
  HumanReadableID: z.union([z.string(), z.number()]).nullish(),
  ApplicantName: z.string().nullish(),
  Status: z.number().int().nullish(),
});
export type ScreeningReview = z.infer<typeof screeningReviewSchema>;

export async function listScreeningReviews(filter: { country?: string; offset: number }) {
  return parseWith(listSchema(screeningReviewSchema))(
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
