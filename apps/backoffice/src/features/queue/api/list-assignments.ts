import { assignmentListItemSchema, listOf } from '@nordloan/domain/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request } from '#src/shared/api/http.ts';
import { pageSize } from '#src/shared/api/list.ts';

// GET /backoffice/assignments?view=all|mine&BucketID=&Processed=&offset=&limit=

export interface AssignmentFilter {
  view: 'all' | 'mine';
  BucketID?: string;
  Processed?: boolean;
  offset?: number;
}

export async function listAssignments(filter: AssignmentFilter) {
  return parseWith(listOf(assignmentListItemSchema))(
    await request('GET', '/backoffice/assignments', {
      query: {
        view: filter.view,
        BucketID: filter.BucketID,
        Processed: filter.Processed,
        offset: filter.offset ?? 0,
        limit: pageSize,
      },
    }),
  );
}

export const assignmentsQueryOptions = (filter: AssignmentFilter) =>
  queryOptions({
    queryKey: ['assignments', filter],
    queryFn: () => listAssignments(filter),
    placeholderData: keepPreviousData,
  });

export function useAssignments(filter: AssignmentFilter) {
  return useQuery(assignmentsQueryOptions(filter));
}
