import { type Person, personSchema } from '@nordloan/domain/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { entityRequest, fillPath, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { personServiceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /person/{id} against the configurable person service base address; §8 entity error texts. The
// answer is parsed with the domain's person schema, the one the API answers with. One cache entry per
// person, read by the sign-in (session bootstrap) and the apply form alike.

export async function getPerson(personID: string, token: string | null): Promise<Person | null> {
  const url = joinUrl(personServiceUrl(), fillPath('/person/{personID}', { personID }));
  return parseAnswer(personSchema, await entityRequest<unknown>('GET', url, { token }));
}

export const personQueryOptions = (personID: string, token: string | null) =>
  queryOptions({ queryKey: queryKeys.person(personID), queryFn: () => getPerson(personID, token) });

export function usePerson(personId: string | null, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...personQueryOptions(personId ?? '', token),
    enabled: (options.enabled ?? true) && !!token && !!personId,
  });
}
