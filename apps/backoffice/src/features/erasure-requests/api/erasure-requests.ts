import {
  type ErasureRequest,
  erasureRequestListSchema,
  erasureRequestSchema,
} from '@nordloan/domain/privacy';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';
import { pageSize } from '#src/shared/api/list.ts';

// Issue 36 item 3 (ADR 0069): GET /backoffice/erasure-requests?status=&offset=&limit= → the requests of the
// agent's markets, oldest first; POST /backoffice/erasure-requests/{id}/close { Note } once handled (audited).

export type { ErasureRequest };
export type ErasureFilter = { status: ErasureRequest['Status']; offset: number };

export async function listErasureRequests(filter: ErasureFilter) {
  return parseWith(erasureRequestListSchema)(
    await request('GET', '/backoffice/erasure-requests', {
      query: { status: filter.status, offset: filter.offset, limit: pageSize },
    }),
  );
}

export const erasureRequestsQueryOptions = (filter: ErasureFilter) =>
  queryOptions({
    queryKey: ['erasure-requests', filter],
    queryFn: () => listErasureRequests(filter),
    placeholderData: keepPreviousData,
  });

export function useErasureRequests(filter: ErasureFilter) {
  return useQuery(erasureRequestsQueryOptions(filter));
}

export async function closeErasureRequest(input: { id: string; Note: string }) {
  return parseWith(erasureRequestSchema)(
    await request('POST', `/backoffice/erasure-requests/${segment(input.id)}/close`, {
      body: input.Note ? { Note: input.Note } : {},
    }),
  );
}

export function useCloseErasureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeErasureRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['erasure-requests'] }),
  });
}
