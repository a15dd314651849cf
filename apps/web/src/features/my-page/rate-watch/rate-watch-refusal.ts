import { ApiError } from '#src/shared/api/http.ts';

// Why the rate watch refused an action, said as the API said it (issue 36's rough edges), not "it did not
// work": the §8 bad-result body's field messages and Message are the API's own words
// (apps/api/src/modules/rate-watch/rate-watch.service.ts, the body schemas in
// @nordloan/domain/lending/rate-watch). Each message we know has words in the brand's language; one we do
// not know is shown as the server wrote it; no answer at all is the network, a 5xx our side. The same
// pattern as the apply form's refusals (features/apply/model/server-refusal.ts).

export type RateWatchRefusalKey =
  | 'notPaidOut'
  | 'alreadyOn'
  | 'notOn'
  | 'threshold'
  | 'smsUnavailable'
  | 'emailUnavailable'
  | 'noEmail'
  | 'noPhone'
  | 'notBorrower'
  | 'consentRequired'
  | 'consentChanged'
  | 'tooMany'
  | 'network'
  | 'serverError';

/** The API's messages (exact), and the key of their words in the brand's language. */
export const knownRateWatchRefusals: Readonly<Record<string, RateWatchRefusalKey>> = {
  'A rate watch can start once the loan is paid out': 'notPaidOut',
  'The rate watch is on already: change or renew it': 'alreadyOn',
  'The rate watch is not on: start it first': 'notOn',
  'Threshold must be a number': 'threshold',
  'Threshold must be a whole amount': 'threshold',
  'Threshold must be at least 100': 'threshold',
  'Threshold is too large': 'threshold',
  'SMS cannot be sent yet: choose e-mail': 'smsUnavailable',
  'E-mail cannot be sent yet': 'emailUnavailable',
  'We have no e-mail address for you': 'noEmail',
  'We have no phone number for you': 'noPhone',
  'Only the customer who took the loan manages its rate watch': 'notBorrower',
  'Only the main applicant, who took the loan, manages its rate watch': 'notBorrower',
  'Consent must be given (true) to start the rate watch': 'consentRequired',
  'Not the current consent text': 'consentChanged',
  'Too many requests': 'tooMany',
};

export type RateWatchRefusal = ({ key: RateWatchRefusalKey } | { text: string }) & {
  /** The body field the API named, so the words can stand beside it (ThresholdAmount, Channel). */
  field?: string;
};

/** The first reason the answer gives: a field's message before the general one ("Validation failed"). */
export function rateWatchRefusal(error: unknown): RateWatchRefusal {
  if (!(error instanceof ApiError)) return { key: 'network' };
  const body = error.body && typeof error.body === 'object' ? error.body : {};
  const { Message, Errors } = body as { Message?: unknown; Errors?: unknown };
  const said = [
    ...(Array.isArray(Errors) ? Errors : []).map((item) => {
      const { Field, Message: text } = (item ?? {}) as { Field?: unknown; Message?: unknown };
      return { text, field: typeof Field === 'string' ? Field : undefined };
    }),
    { text: Message, field: undefined },
  ].filter(
    (reason): reason is { text: string; field: string | undefined } =>
      typeof reason.text === 'string' && reason.text.trim() !== '' && reason.text !== 'Validation failed',
  );
  const first = said.find((reason) => knownRateWatchRefusals[reason.text]) ?? said[0];
  if (error.status >= 500 && (!first || !knownRateWatchRefusals[first.text])) return { key: 'serverError' };
  if (!first) return { key: error.status === 429 ? 'tooMany' : 'serverError' };
  const field = first.field ? { field: first.field } : {};
  const key = knownRateWatchRefusals[first.text];
  return key ? { key, ...field } : { text: first.text, ...field };
}
