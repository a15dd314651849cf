import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, segment } from '#src/shared/api/http.ts';

// POST /backoffice/buckets and PATCH /backoffice/buckets/{id} (Manager/Super only; 403 for others).

export interface BucketInput {
  Name: string;
  Priority: number;
  RequiresACEAction: boolean;
  ConditionsExplanation: string;
}

export const createBucket = (input: BucketInput) => request('POST', '/backoffice/buckets', { body: input });
export const updateBucket = (bucketID: string, input: Partial<BucketInput>) =>
  request('PATCH', `/backoffice/buckets/${segment(bucketID)}`, { body: input });

export function useSaveBucket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bucketID, input }: { bucketID: string | null; input: BucketInput }) =>
      bucketID ? updateBucket(bucketID, input) : createBucket(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['buckets'] });
      void queryClient.invalidateQueries({ queryKey: ['bucket-summary'] });
    },
  });
}
