import { bucketSchema } from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/buckets → every bucket, ordered by Priority.

export const bucketListSchema = z.array(bucketSchema.loose());
export type BucketAnswer = z.infer<typeof bucketListSchema>[number];

export async function listBuckets(): Promise<BucketAnswer[]> {
  return parseWith(bucketListSchema)(await request('GET', '/backoffice/buckets'));
}

export const bucketsQueryOptions = () => queryOptions({ queryKey: ['buckets'], queryFn: listBuckets });

export function useBuckets() {
  return useQuery(bucketsQueryOptions());
}
