import { type RegisteredAddress, registeredAddressSchema } from '@nordloan/domain/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// GET /person/{id}/registered-address (issue 38): the population register's address of the signed-in
// person (Folkeregisteret, SPAR, DVV, CPR), shown on the address step for the applicant to confirm or
// correct. Null address: the register has none to give, and the applicant types it.

export async function getRegisteredAddress(personId: string): Promise<RegisteredAddress> {
  return registeredAddressSchema.parse(
    await call('GET', `/person/${encodeURIComponent(personId)}/registered-address`),
  );
}

export const registeredAddressQueryOptions = (personId: string) =>
  queryOptions({
    queryKey: queryKeys.registeredAddress(personId),
    queryFn: () => getRegisteredAddress(personId),
    // A register answer does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRegisteredAddress(personId: string | null, options: { enabled: boolean }) {
  return useQuery({
    ...registeredAddressQueryOptions(personId ?? ''),
    enabled: options.enabled && !!personId,
    retry: false,
  });
}
