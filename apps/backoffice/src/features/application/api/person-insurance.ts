import type { InsuranceTerminationReason } from '@nordloan/domain/enums';
import {
  type InsuranceRequestView,
  insuranceRequestViewSchema,
  type PolicyTerminationBody,
} from '@nordloan/domain/insurance';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// An applicant's payment-protection insurance (ADR 0026) as staff see it in the 360° view: every request of
// the person with its decision and policy (GET /insurance/v2/policy?PersonID=, staff with application.read
// in the request's country), and ending a policy (POST /insurance/v2/policy/{id}/termination, staff with
// application.update there). Parsed with the domain's insurance contract, the one the API answers with.

export async function listPersonInsurance(personID: string): Promise<InsuranceRequestView[]> {
  return parseWith(z.array(insuranceRequestViewSchema))(
    await request('GET', '/insurance/v2/policy', { query: { PersonID: personID } }),
  );
}

const personInsuranceKey = (personID: string) => ['person-insurance', personID] as const;

export function usePersonInsurance(personID: string) {
  return useQuery(
    queryOptions({ queryKey: personInsuranceKey(personID), queryFn: () => listPersonInsurance(personID) }),
  );
}

export const endInsurancePolicy = (policyID: string, reason: InsuranceTerminationReason) => {
  const body: PolicyTerminationBody = { Reason: reason };
  return request('POST', `/insurance/v2/policy/${segment(policyID)}/termination`, { body });
};

export function useEndInsurancePolicy(personID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyID, reason }: { policyID: string; reason: InsuranceTerminationReason }) =>
      endInsurancePolicy(policyID, reason),
    // Refreshed whatever the answer: a 409 means someone else ended it meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: personInsuranceKey(personID) }),
  });
}
