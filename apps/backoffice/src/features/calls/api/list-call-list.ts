import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOrderPageSchema } from '#src/shared/api/calls.ts';
import { parseWith, request } from '#src/shared/api/http.ts';
import { pageSize } from '#src/shared/api/list.ts';

// GET /backoffice/call-list?country=&offset=&limit= → call orders not yet answered, oldest first.

export async function listCallList(filter: { country?: string; offset: number }) {
  return parseWith(callOrderPageSchema)(
    await request('GET', '/backoffice/call-list', {
      query: { country: filter.country, offset: filter.offset, limit: pageSize },
    }),
  );
}

export const callListQueryOptions = (filter: { country?: string; offset: number }) =>
  queryOptions({
    queryKey: ['call-list', filter],
    queryFn: () => listCallList(filter),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export function useCallList(filter: { country?: string; offset: number }) {
  return useQuery(callListQueryOptions(filter));
}
