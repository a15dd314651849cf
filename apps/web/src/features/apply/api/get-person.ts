import { type Person, personSchema } from '@nordloan/domain/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /person/{id} on the person service: the applicant's name, contact and address for the form.

export async function getPerson(personId: string): Promise<Person> {
  return personSchema.parse(
    await call('GET', fillPath('/person/{id}', { id: personId }), { service: 'person' }),
  );
}

export const applyPersonQueryOptions = (personId: string) =>
  queryOptions({ queryKey: queryKeys.applyPerson(personId), queryFn: () => getPerson(personId) });

export function useApplyPerson(personId: string | null, enabled: boolean) {
  return useQuery({ ...applyPersonQueryOptions(personId ?? ''), enabled: enabled && !!personId });
}
