import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 36 item 1 (ADR 0075): the lender's credit agreement signed with e-ID on the personal page.
// GET /loan-application/{id}/agreement (read again every moment while an e-ID order is open), POST
// …/agreement/signatures (start an order), and the PDF and the evidence as downloads (they need the token).

const signatureSchema = z.object({
  SignatureID: z.string(),
  Role: z.enum(['MainApplicant', 'CoApplicant']),
  Provider: z.string(),
  Status: z.enum(['pending', 'signed', 'failed']),
  Reason: z.string().nullable(),
  SignedAt: z.string().nullable(),
  TransactionID: z.string(),
  DocumentSha256: z.string(),
});

export const loanAgreementSchema = z.object({
  LoanApplicationID: z.string(),
  State: z.enum(['none', 'awaiting-signatures', 'signed', 'expired']),
  QuoteID: z.string().nullable(),
  LenderName: z.string().nullable(),
  Provider: z.string().nullable(),
  OfferExpiresAt: z.string().nullable(),
  Document: z.object({ FileName: z.string(), Sha256: z.string(), ReceivedAt: z.string() }).nullable(),
  Signers: z.array(
    z.object({
      Role: z.enum(['MainApplicant', 'CoApplicant']),
      Signed: z.boolean(),
      SignedAt: z.string().nullable(),
    }),
  ),
  MySignature: signatureSchema.nullable(),
  CompletedAt: z.string().nullable(),
  LenderNotified: z.boolean().nullable(),
});
export type LoanAgreement = z.infer<typeof loanAgreementSchema>;

const agreementPath = (applicationID: string, rest = '') =>
  joinUrl(serviceUrl(), fillPath(`/loan-application/{applicationID}/agreement${rest}`, { applicationID }));

const agreementKey = (applicationID: string) => ['application', applicationID, 'agreement'] as const;

export function useLoanAgreement(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery<LoanAgreement | null>({
    queryKey: agreementKey(applicationID),
    queryFn: async () =>
      parseAnswer(loanAgreementSchema, await getJson<unknown>(agreementPath(applicationID), { token })),
    enabled: options.enabled && !!token,
    // While the applicant signs in their e-ID app, or the lender has not sent its agreement yet.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.MySignature?.Status === 'pending') return 1_000;
      return data?.State === 'none' ? 5_000 : false;
    },
  });
}

export function useStartSigning(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<unknown>(agreementPath(applicationID, '/signatures'), { token, body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementKey(applicationID) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
      ]),
  });
}

/** Saves `url` as `filename` (an object URL clicked as a download link, then released). */
function saveFile(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadAgreement(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: async (what: { kind: 'pdf' | 'evidence'; fileName: string }) => {
      if (what.kind === 'pdf') {
        // A pdf answer yields its object URL.
        const url = await getJson<string>(agreementPath(applicationID, '/document'), { token });
        if (url) saveFile(url, what.fileName);
        return;
      }
      const data = await getJson<unknown>(agreementPath(applicationID, '/evidence'), { token });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      saveFile(URL.createObjectURL(blob), what.fileName);
    },
  });
}
