import { type Person, type personFieldsSchema, personSchema } from '@nordloan/domain/person';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /person/{id} on the person service; the body is the API's person fields.

export type PersonChanges = z.input<typeof personFieldsSchema>;

export async function patchPerson(personId: string, changes: PersonChanges): Promise<Person> {
  return personSchema.parse(
    await call('PATCH', fillPath('/person/{id}', { id: personId }), { service: 'person', body: changes }),
  );
}

export const patchPersonMutation = () => ({
  mutationFn: ({ personId, changes }: { personId: string; changes: PersonChanges }) =>
    patchPerson(personId, changes),
});

export function usePatchPerson() {
  return useMutation(patchPersonMutation());
}
