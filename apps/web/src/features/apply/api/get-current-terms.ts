import type { Country } from '@nordloan/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /api/cms/terms-and-conditions (no token): the user terms to accept are the brand's newest
// published `user-terms` entry (§3 version label).

export const termsEntrySchema = z.looseObject({
  tc_type: z.string(),
  version: z.number(),
  _publish_on: z.string(),
  version_label: z.string(),
  title: z.string(),
  body: z.string(),
});
export type TermsEntry = z.infer<typeof termsEntrySchema>;

export async function getCurrentTerms(country: Country, brand: string): Promise<TermsEntry | null> {
  const query = new URLSearchParams({ country, brand }).toString();
  const entries = z
    .array(termsEntrySchema)
    .parse((await call('GET', `/api/cms/terms-and-conditions?${query}`, { anonymous: true })) ?? []);
  return (
    entries
      .filter((entry) => entry.tc_type === 'user-terms')
      .sort((a, b) => b._publish_on.localeCompare(a._publish_on) || b.version - a.version)[0] ?? null
  );
}

export const currentTermsQueryOptions = (country: Country, brand: string) =>
  queryOptions({ queryKey: queryKeys.terms(country, brand), queryFn: () => getCurrentTerms(country, brand) });

export function useCurrentTerms(country: Country, brand: string) {
  return useQuery(currentTermsQueryOptions(country, brand));
}
