import type { Locale } from '@nordloan/domain/enums';
import {
  type ErasureRequest,
  erasureRequestSchema,
  latestErasureRequestSchema,
} from '@nordloan/domain/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 36 item 3 (ADR 0069): the person's own data. GET /person/{id}/data-export (JSON) and
// /data-export.pdf (the brand's language) are downloads that need the token, so they are fetched and
// handed to the browser as a file; GET/POST /person/{id}/erasure-request is the erasure request.

const personPath = (template: string, personID: string) =>
  joinUrl(serviceUrl(), fillPath(template, { personID }));

/** Saves `blob` as `filename` (an object URL clicked as a download link, then released). */
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

export async function downloadDataExport(options: {
  personID: string;
  format: 'json' | 'pdf';
  locale: Locale;
  token: string | null;
}): Promise<void> {
  const { personID, format, locale, token } = options;
  if (format === 'pdf') {
    // §7: a pdf answer yields its object URL.
    const url = await getJson<string>(
      joinUrl(serviceUrl(), fillPath('/person/{personID}/data-export.pdf', { personID }), { Locale: locale }),
      { token },
    );
    if (url) saveFile(url, 'my-data.pdf');
    return;
  }
  const data = await getJson<unknown>(personPath('/person/{personID}/data-export', personID), { token });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(URL.createObjectURL(blob), 'my-data.json');
}

export function useDownloadDataExport(personID: string, locale: Locale) {
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: (format: 'json' | 'pdf') => downloadDataExport({ personID, format, locale, token }),
  });
}

const erasureKey = (personID: string) => ['erasure-request', personID] as const;

export async function getLatestErasureRequest(personID: string, token: string | null) {
  const answer = parseAnswer(
    latestErasureRequestSchema,
    await getJson<unknown>(personPath('/person/{personID}/erasure-request', personID), { token }),
  );
  return answer?.ErasureRequest ?? null;
}

export async function postErasureRequest(
  personID: string,
  token: string | null,
): Promise<ErasureRequest | null> {
  return parseAnswer(
    erasureRequestSchema,
    await postJson<unknown>(personPath('/person/{personID}/erasure-request', personID), { token, body: {} }),
  );
}

export function useLatestErasureRequest(personID: string | null) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: erasureKey(personID ?? ''),
    queryFn: () => getLatestErasureRequest(personID ?? '', token),
    enabled: !!token && !!personID,
  });
}

export function useRequestErasure(personID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postErasureRequest(personID, token),
    onSuccess: (request) => {
      queryClient.setQueryData(erasureKey(personID), request);
      // Marketing consents were revoked: the consent panels read again.
      return queryClient.invalidateQueries({ queryKey: ['consent'] });
    },
  });
}
