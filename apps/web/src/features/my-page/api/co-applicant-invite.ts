import {
  type CoApplicantInviteView,
  coApplicantInviteViewSchema,
} from '@nordloan/domain/co-applicant-invite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError, fillPath, getJson, joinUrl, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Co-applicant invites (ADR 0038): GET/POST /loan-application/{id}/co-applicant-invite for the main
// applicant, POST /co-applicant-invite/accept for the co-applicant signed in with their own e-ID.

export const inviteViewSchema = coApplicantInviteViewSchema;
export type InviteView = CoApplicantInviteView;

const inviteUrl = (applicationID: string) =>
  joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/co-applicant-invite', { applicationID }));

/** A 429 answers undefined from the http helpers (§8: a warning only); here it is a refusal to show. */
function tooMany(): never {
  throw new ApiError('Too many requests', 429);
}

export function useCoApplicantInvite(applicationID: string, enabled: boolean) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: [...queryKeys.application(applicationID), 'co-applicant-invite'] as const,
    queryFn: async () => inviteViewSchema.parse(await getJson<unknown>(inviteUrl(applicationID), { token })),
    enabled: enabled && !!token,
    retry: false,
  });
}

export function useSendCoApplicantInvite(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { Email?: string; Phone?: string }) => {
      const answer = await postJson<unknown>(inviteUrl(applicationID), { token, body: input });
      return answer === undefined ? tooMany() : inviteViewSchema.parse(answer);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
  });
}

const acceptAnswerSchema = z.object({
  LoanApplicationID: z.string(),
  AcceptedAt: z.string(),
  ConsentBrand: z.string(),
});

export async function acceptCoApplicantInvite(inviteToken: string, token: string | null) {
  const answer = await postJson<unknown>(joinUrl(serviceUrl(), '/co-applicant-invite/accept'), {
    token,
    body: { Token: inviteToken, Consent: true },
  });
  return answer === undefined ? tooMany() : acceptAnswerSchema.parse(answer);
}
