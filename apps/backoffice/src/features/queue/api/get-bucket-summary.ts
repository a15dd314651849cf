import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/buckets/summary?country= → open items per bucket (only countries the caller may read).

export const bucketSummaryItemSchema = z.looseObject({
  BucketID: z.string(),
  Name: z.string(),
  Priority: z.number(),
  NumApplicationsAssigned: z.number().int(),
  NumApplicationsUnassigned: z.number().int(),
  Total: z.number().int(),
  OldestItemAt: z.string().nullable().optional(),
});
export type BucketSummaryItem = z.infer<typeof bucketSummaryItemSchema>;

export async function getBucketSummary(country?: string): Promise<BucketSummaryItem[]> {
  const items = parseWith(z.array(bucketSummaryItemSchema))(
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
