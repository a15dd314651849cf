import type { Country } from '@nordloan/domain/enums';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authStore } from '#src/session/auth-store.ts';
import { call } from './request.ts';

// Login inside the journey (docs/decisions/0005 method `session`): locally the development identity
// provider (POST /auth/dev/login) stands in for BankID/MitID/FTN. The apply journey asks for a
// customer-scoped token (role Customer): §4 "the isUnscoped flag disables loading the single application",
// and the applicant is filling in their own application (see docs/decisions/0016-apply-journey.md).

const devLoginAnswerSchema = z.object({ token: z.string(), CustomerID: z.string(), PersonID: z.string() });
export type ApplicantIdentity = z.infer<typeof devLoginAnswerSchema>;

export async function identifyApplicant(input: {
  nationalId: string;
  country: Country;
  brand: string;
}): Promise<ApplicantIdentity> {
  const answer = await call<unknown>('POST', '/auth/dev/login', {
    anonymous: true,
    body: { nationalId: input.nationalId, country: input.country, brand: input.brand, role: 'Customer' },
  });
  const identity = devLoginAnswerSchema.parse(answer);
  const result = authStore.getState().setToken(identity.token, 'session');
  if (!result.ok) throw result.error;
  authStore.getState().setIdentity({ customerId: identity.CustomerID, personId: identity.PersonID });
  return identity;
}

export const identifyApplicantMutation = () => ({ mutationFn: identifyApplicant });

export function useIdentifyApplicant() {
  return useMutation(identifyApplicantMutation());
}
