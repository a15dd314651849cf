import { ApiError } from '#src/shared/api/http.ts';

// A save the server refused is shown with its reason (issue 38), not as "try again": the §8 error body's
// Message — and the field messages of a bad result — in the brand's language where the message is one we
// know, as the server wrote it otherwise. A failure without an answer (the network) is "could not save".

/** Messages the API answers the journey's calls with (§8 / ADR 0007), and the key of their translation. */
export const knownRefusals: Readonly<Record<string, RefusalKey>> = {
  'Application is locked while a lender processes it': 'locked',
  'Application can no longer be changed': 'notEditable',
  'Application is archived': 'archived',
  'An active application for this product already exists': 'activeExists',
  'Application cannot be archived while it is being processed': 'archiveWhileProcessing',
  'The applicant must consent to the credit check before submitting': 'creditCheckConsent',
  'Too many requests': 'tooMany',
};
export type RefusalKey =
  | 'locked'
  | 'notEditable'
  | 'archived'
  | 'activeExists'
  | 'archiveWhileProcessing'
  | 'creditCheckConsent'
  | 'tooMany';

/** The reasons a refusal gives, each a known key or the server's own words; null when there was no answer. */
export function refusalReasons(error: unknown): ({ key: RefusalKey } | { text: string })[] | null {
  const body = error instanceof ApiError ? error.body : error;
  if (!body || typeof body !== 'object') return null;
  const { Message, Errors } = body as { Message?: unknown; Errors?: unknown };
  const texts = [
    ...(Array.isArray(Errors)
      ? Errors.map((item) =>
          item && typeof item === 'object' ? (item as { Message?: unknown }).Message : null,
        )
      : []),
    Message,
  ].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  // "Validation failed" says nothing the field messages do not; keep it only when it is all there is.
  const useful = texts.filter((text) => text !== 'Validation failed');
  const reasons = (useful.length > 0 ? useful : texts).map((text) =>
    knownRefusals[text] ? { key: knownRefusals[text] } : { text },
  );
  return reasons.length > 0 ? [...new Map(reasons.map((r) => [JSON.stringify(r), r])).values()] : null;
}

/** The sentence shown above the form: the reasons in the brand's words, or "could not save". */
export function refusalText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string) {
  const reasons = refusalReasons(error);
  if (!reasons) return t('apply.errors.saveFailed');
  const said = reasons.map((reason) => ('key' in reason ? t(`apply.refusals.${reason.key}`) : reason.text));
  return t('apply.errors.refused', { reason: said.join(' ') });
}
