import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';
import { listSchema } from '#src/shared/api/list.ts';

// GET /backoffice/search?q= by national id, phone, e-mail or human-readable id.

export const searchHitSchema = z.looseObject({
  LoanApplicationID: z.string(),
  HumanReadableID: z.union([z.string(), z.number()]).nullish(),
  Product: z.string().nullish(),
  Status: z.number().int().nullish(),
  Country: z.string().nullish(),
  Brand: z.string().nullish(),
  ApplicantName: z.string().nullish(),
  CreatedAt: z.string().nullish(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Below this the server would match half the database; the page asks for more first. */
export const minimumQueryLength = 3;

export async function searchApplications(q: string, offset = 0) {
  return parseWith(listSchema(searchHitSchema))(
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
