import {
  type Document,
  documentContentTypes,
  documentSchema,
  MAX_DOCUMENT_BYTES,
} from '@nordloan/domain/document';
import type { DocumentCategory, DocumentOwner } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError, fillPath, getJson, joinUrl, parseAnswer, readErrorBody } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET/POST /loan-application/{id}/documents. The upload is multipart (one file in `file`, plus Filename,
// Category and Owner; §5: pdf, jpeg or png, at most 20,971,520 bytes), so it does not use the JSON helpers.
// The categories, limits and the document shape are the domain's, the ones the API checks and answers.

const documentsPath = (applicationID: string) =>
  joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/documents', { applicationID }));

export async function listDocuments(applicationID: string, token: string | null) {
  return parseAnswer(
    z.array(documentSchema),
    await getJson<unknown>(documentsPath(applicationID), { token }),
  );
}

/** 'type' or 'size' when the browser can already tell the file would be refused. */
export function documentProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(documentContentTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  return null;
}

export async function uploadDocument(
  applicationID: string,
  input: { file: File; category: DocumentCategory; owner?: DocumentOwner },
  token: string | null,
): Promise<Document> {
  if (!token) throw new Error(errorMessages.missingToken());
  const form = new FormData();
  // Fields first: the server reads the parts in order.
  form.append('Filename', input.file.name);
  form.append('Category', input.category);
  form.append('Owner', input.owner ?? 'main-applicant');
  form.append('file', input.file, input.file.name);
  const response = await fetch(documentsPath(applicationID), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) {
    throw new ApiError(
      errorMessages.networkResponseNotOk(response.status),
      response.status,
      await readErrorBody(response),
    );
  }
  return documentSchema.parse(await response.json());
}

export const documentsQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: ['application', applicationID, 'documents'],
    queryFn: () => listDocuments(applicationID, token),
  });

export function useDocuments(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  return useQuery({ ...documentsQueryOptions(applicationID, token), enabled: !!token });
}

export function useUploadDocument(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; category: DocumentCategory; owner?: DocumentOwner }) =>
      uploadDocument(applicationID, input, token),
    // The documents, and a secured loan's case (which marks what was received), are both under this key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['application', applicationID] }),
  });
}
