import { ApiError } from '#src/shared/api/http.ts';

// An upload the server refused is shown with its reason (issue 38), not as "failed, try again": the API's
// upload messages (documents module) have words in the brand's language; any other refusal is shown as the
// server wrote it; no answer at all (the network) stays "failed, try again".

export type UploadRefusalKey = 'type' | 'size' | 'empty' | 'nameMismatch' | 'tooMany' | 'cutOff';

/** The start of each upload message the API answers with, and the key of its translation. */
const knownUploadRefusals: ReadonlyArray<readonly [string, UploadRefusalKey]> = [
  ['Only pdf, jpeg or png files are accepted', 'type'],
  ['The file is larger than', 'size'],
  ['The file is empty', 'empty'],
  ['The file name says another type', 'nameMismatch'],
  ['An application holds at most', 'tooMany'],
  ['The upload was cut off', 'cutOff'],
];

/** Why the server refused the upload: a known key, its own words, or null when it did not answer. */
export function uploadRefusal(error: unknown): { key: UploadRefusalKey } | { text: string } | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const { Message, Errors } = error.body as { Message?: unknown; Errors?: unknown };
  const fieldMessages = Array.isArray(Errors)
    ? Errors.map((item) =>
        item && typeof item === 'object' ? (item as { Message?: unknown }).Message : null,
      )
    : [];
  const text = [...fieldMessages, Message].find(
    (candidate): candidate is string =>
      typeof candidate === 'string' && candidate.trim() !== '' && candidate !== 'Validation failed',
  );
  if (!text) return null;
  const known = knownUploadRefusals.find(([start]) => text.startsWith(start));
  return known ? { key: known[1] } : { text };
}
