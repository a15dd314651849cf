import {
  type CustomerTerminationReason,
  insurancePolicyViewSchema,
  insuranceRequestViewSchema,
  type PolicyTerminationBody,
} from '@nordloan/domain/insurance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { getJson, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { insuranceQueryKeys, insuranceUrl } from './insurance-url.ts';

// GET /insurance/v2/policy: the customer's insurance requests and policies (the personal page);
// POST /insurance/v2/policy/{id}/termination: the customer withdraws or terminates.
export async function getPolicies(token: string | null) {
  return parseAnswer(
    z.array(insuranceRequestViewSchema),
    await getJson<unknown>(insuranceUrl('/insurance/v2/policy'), { token }),
  );
}

export function useInsurancePolicies(options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: insuranceQueryKeys.policies(),
    queryFn: () => getPolicies(token),
    enabled: !!token && options.enabled !== false,
  });
}

export async function terminatePolicy(id: string, reason: CustomerTerminationReason, token: string | null) {
  const url = insuranceUrl('/insurance/v2/policy/{id}/termination', { id });
  const body: PolicyTerminationBody = { Reason: reason };
  return parseAnswer(insurancePolicyViewSchema, await postJson<unknown>(url, { token, body }));
}

export function useTerminatePolicy() {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: CustomerTerminationReason }) =>
      terminatePolicy(id, reason, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['insurance'] }),
  });
}
