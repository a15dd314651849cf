import { type BucketSummaryView, bucketSummaryViewSchema } from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/buckets/summary?country= → open items per bucket (only countries the caller may read).

export type BucketSummaryItem = BucketSummaryView;

export async function getBucketSummary(country?: string): Promise<BucketSummaryItem[]> {
  const items = parseWith(z.array(bucketSummaryViewSchema))(
    await request('GET', '/backoffice/buckets/summary', { query: { country } }),
  );
  return [...items].sort((a, b) => a.Priority - b.Priority);
}

export const bucketSummaryQueryOptions = (country?: string) =>
  queryOptions({
    queryKey: ['bucket-summary', country ?? 'all'],
    queryFn: () => getBucketSummary(country),
    refetchInterval: 30_000,
  });

export function useBucketSummary(country?: string) {
  return useQuery(bucketSummaryQueryOptions(country));
}
