import { callbackAcknowledgementSchema } from '@nordloan/domain/lending/lender-api';
import {
  type PortalApplication,
  type PortalApplicationSummary,
  type PortalDeclineReason,
  portalApplicationSchema,
  portalApplicationSummarySchema,
  portalMeSchema,
} from '@nordloan/domain/lending/lender-portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// The lender portal's calls (issue 33 item 6): who the user's lender is, the applications sent to it, one
// of them, and the three answers — each recorded by the server as the lender's callback.

const base = '/backoffice/lender-portal';

export function usePortalMe() {
  return useQuery({
    queryKey: ['lender-portal', 'me'],
    queryFn: async () => parseWith(portalMeSchema)(await request('GET', `${base}/me`)),
  });
}

export function usePortalApplications() {
  return useQuery({
    queryKey: ['lender-portal', 'applications'],
    queryFn: async (): Promise<PortalApplicationSummary[]> =>
      parseWith(z.array(portalApplicationSummarySchema))(await request('GET', `${base}/applications`)),
  });
}

export function usePortalApplication(reference: string) {
  return useQuery({
    queryKey: ['lender-portal', 'application', reference],
    queryFn: async (): Promise<PortalApplication> =>
      parseWith(portalApplicationSchema)(await request('GET', `${base}/applications/${segment(reference)}`)),
  });
}

export interface PortalOffer {
  Amount: number;
  DurationMonths: number;
  NominalRatePercent: number;
  StartupFee: number;
  MonthlyFee: number;
}

type PortalAnswer =
  | { kind: 'offer'; body: PortalOffer }
  | { kind: 'decline'; body: { ReasonCode: PortalDeclineReason; Reason: string } }
  | {
      kind: 'documents';
      body: { Documents: { Action: 'upload'; Timing: 'before_approval'; Category: string }[] };
    };

export function usePortalAnswer(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: PortalAnswer) =>
      parseWith(callbackAcknowledgementSchema)(
        await request('POST', `${base}/applications/${segment(reference)}/${answer.kind}`, {
          body: answer.body,
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lender-portal'] }),
  });
}
