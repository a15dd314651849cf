import type { InsuranceTerminationReason } from '@nordloan/domain/enums';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// An applicant's payment-protection insurance (ADR 0026) as staff see it in the 360° view: every request of
// the person with its decision and policy (GET /insurance/v2/policy?PersonID=, staff with application.read
// in the request's country), and ending a policy (POST /insurance/v2/policy/{id}/termination, staff with
// application.update there). Only what this page shows is named.

const policySchema = z.looseObject({
  ID: z.string(),
  PolicyNumber: z.string(),
  StartsOn: z.string(),
  Status: z.enum(['active', 'terminated']),
  TerminatedAt: z.string().nullable(),
  TerminationReason: z.string().nullable(),
  WithdrawalDeadline: z.string(),
});

export const insuranceRequestSchema = z.looseObject({
  ID: z.string(),
  LoanApplicationID: z.string().nullable(),
  Country: z.string(),
  Insurer: z.string(),
  InsuredMonthlyAmount: z.number(),
  MonthlyPremium: z.number(),
  Decision: z.string(),
  DecidedAt: z.string().nullable(),
  CreatedAt: z.string(),
  Policy: policySchema.nullable(),
});
export type InsuranceRequest = z.infer<typeof insuranceRequestSchema>;

export async function listPersonInsurance(personID: string): Promise<InsuranceRequest[]> {
  return parseWith(z.array(insuranceRequestSchema))(
    await request('GET', '/insurance/v2/policy', { query: { PersonID: personID } }),
  );
}

const personInsuranceKey = (personID: string) => ['person-insurance', personID] as const;

export function usePersonInsurance(personID: string) {
  return useQuery(
    queryOptions({ queryKey: personInsuranceKey(personID), queryFn: () => listPersonInsurance(personID) }),
  );
}

export const endInsurancePolicy = (policyID: string, reason: InsuranceTerminationReason) =>
  request('POST', `/insurance/v2/policy/${segment(policyID)}/termination`, { body: { Reason: reason } });

export function useEndInsurancePolicy(personID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyID, reason }: { policyID: string; reason: InsuranceTerminationReason }) =>
      endInsurancePolicy(policyID, reason),
    // Refreshed whatever the answer: a 409 means someone else ended it meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: personInsuranceKey(personID) }),
  });
}
