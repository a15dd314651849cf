import {
  type SecuredProperty,
  type SecuredPropertyInput,
  securedPropertySchema,
} from '@nordloan/domain/secured-loan';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// Secured loans (ADR 0027): GET/PUT /loan-application/{id}/property — the home, its register lookup and
// loan-to-value. Not yet told: null (the API's 404).

export async function getSecuredProperty(id: string): Promise<SecuredProperty | null> {
  try {
    return securedPropertySchema.parse(
      await call('GET', fillPath('/loan-application/{id}/property', { id })),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const securedPropertyQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.securedProperty(id), queryFn: () => getSecuredProperty(id) });

export function useSecuredProperty(id: string | null, enabled = true) {
  return useQuery({ ...securedPropertyQueryOptions(id ?? ''), enabled: !!id && enabled });
}

export async function saveSecuredProperty(id: string, body: SecuredPropertyInput): Promise<SecuredProperty> {
  return securedPropertySchema.parse(
    await call('PUT', fillPath('/loan-application/{id}/property', { id }), { body }),
  );
}

export function useSaveSecuredProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SecuredPropertyInput }) => saveSecuredProperty(id, body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.securedProperty(saved.LoanApplicationID), saved),
  });
}
