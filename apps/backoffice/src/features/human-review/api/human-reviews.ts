import {
  type HumanReviewAnswerBody,
  type HumanReviewQueueItem,
  humanReviewQueuePageSchema,
  type StaffHumanReview,
  staffHumanReviewSchema,
} from '@nordloan/domain/human-review';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';
import { pageSize } from '#src/shared/api/list.ts';

// Issue 34 item 3 (ADR 0065): GET /backoffice/human-reviews?status=&offset=&limit= → the reviews of the
// agent's markets by due date; GET /backoffice/human-reviews/{id} (audited read); POST …/{id}/answer.

export type { HumanReviewQueueItem, StaffHumanReview };
export type HumanReviewFilter = { status: 'open' | 'answered'; offset: number };

export function useHumanReviewQueue(filter: HumanReviewFilter) {
  return useQuery({
    queryKey: ['human-reviews', filter],
    queryFn: async () =>
      parseWith(humanReviewQueuePageSchema)(
        await request('GET', '/backoffice/human-reviews', {
          query: { status: filter.status, offset: filter.offset, limit: pageSize },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useHumanReview(id: string) {
  return useQuery({
    queryKey: ['human-review', id],
    queryFn: async () =>
      parseWith(staffHumanReviewSchema)(await request('GET', `/backoffice/human-reviews/${segment(id)}`)),
  });
}

export function useAnswerHumanReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HumanReviewAnswerBody) =>
      parseWith(staffHumanReviewSchema)(
        await request('POST', `/backoffice/human-reviews/${segment(id)}/answer`, { body }),
      ),
    onSuccess: (review) => {
      queryClient.setQueryData(['human-review', id], review);
      return queryClient.invalidateQueries({ queryKey: ['human-reviews'] });
    },
  });
}
