import { listOf, searchResultSchema } from '@nordloan/domain/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/search?q= by name, national id, phone, e-mail or application number.

/** Below this the server would match half the database; the page asks for more first. */
export const minimumQueryLength = 3;

export async function searchApplications(q: string, offset = 0) {
  return parseWith(listOf(searchResultSchema))(
    await request('GET', '/backoffice/search', { query: { q, offset, limit: 25 } }),
  );
}

export const searchQueryOptions = (q: string, offset = 0) =>
  queryOptions({
    queryKey: ['search', q, offset],
    queryFn: () => searchApplications(q, offset),
    placeholderData: keepPreviousData,
  });

export function useSearchApplications(q: string, offset = 0) {
  return useQuery({ ...searchQueryOptions(q, offset), enabled: q.trim().length >= minimumQueryLength });
}
