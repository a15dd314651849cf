import { lenderDocumentRequestSchema } from '@nordloan/domain/document-share';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Upload once (docs/decisions/0036): GET /loan-application/{id}/document-requests lists the lenders' upload
// requests with the documents already uploaded; POST …/{requestId}/share sends one to one lender, only
// when the applicant presses that lender's button.

const requestsPath = (applicationID: string) =>
  joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/document-requests', { applicationID }));

export function useDocumentRequests(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    // Under the application's key: an upload (which invalidates it) offers the new document at once.
    queryKey: ['application', applicationID, 'documents', 'lender-requests'],
    queryFn: async () =>
      parseAnswer(
        z.array(lenderDocumentRequestSchema),
        await getJson<unknown>(requestsPath(applicationID), { token }),
      ) ?? [],
    enabled: !!token,
  });
}

export function useShareDocument(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { requestId: string; documentId: string }) =>
      parseAnswer(
        lenderDocumentRequestSchema,
        await postJson<unknown>(
          joinUrl(
            serviceUrl(),
            fillPath('/loan-application/{applicationID}/document-requests/{requestID}/share', {
              applicationID,
              requestID: input.requestId,
            }),
          ),
          { token, body: { DocumentID: input.documentId } },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
  });
}
