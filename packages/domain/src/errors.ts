// §8 error catalogue. The wording is the product's contract (clients, staff and log searches match on
// it), so every message is built here and nowhere else.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EntityRequestVerb = 'fetching' | 'posting' | 'patching' | 'deleting';
export type CustomerRequestVerb = 'fetch' | 'post' | 'patch';

export const errorMessages = {
  /** A call is attempted with no token. */
  missingToken: () => 'Missing token',
  /** Non-OK response in the generic helpers and payment-mandate calls. */
  networkResponseNotOk: (status: number) => `Network response was not OK: ${status}`,
  /**
   * Non-OK response in the general request helper: 'Error: {status}: {status text or message}',
   * wrapped as 'Failed to {method} {path}; …'.
   */
  requestFailed: (method: HttpMethod, path: string, status: number, detail: string) =>
    `Failed to ${method} ${path}; Error: ${status}: ${detail}`,
  /** 429: a console warning only; nothing is thrown or returned. */
  tooManyRequests: () => 'Too many requests',
  /** Setting an expired or expiry-less token. */
  jwtExpired: () => 'JWT expired',
  /** An undecodable token (logged). */
  invalidJwt: () => 'Invalid JWT',
  /** A token without exp (logged). */
  jwtWithoutExpiration: () => 'JWT does not contain expiration',
  missingParameter: (name: string) => `Missing parameter: ${name}`,
  noServiceUrl: () => 'No service URL found!',
  noIntegrationUrl: () => 'No integration URL found',
  integrationUrlMissing: () => 'Error: Integration URL is missing',
  /**
   * Non-OK on application, lead and person calls: 'Error {verb} {url}: {status} {status text} {server
   * error or message}'. Delete calls for car and lead omit the server message.
   */
  entityRequestFailed: (
    verb: EntityRequestVerb,
    url: string,
    status: number,
    statusText: string,
    serverMessage?: string,
  ) => [`Error ${verb} ${url}: ${status}`, statusText, serverMessage].filter(Boolean).join(' '),
  /** Customer calls; consent revoke also says patch. */
  customerRequestFailed: (verb: CustomerRequestVerb) => `Failed to ${verb} customer`,
  invalidAuthMeData: () => 'Invalid AuthMe data',
  invalidBrandDetected: () => 'Invalid brand detected. Defaulting to the Swedish brand',
  unknownBrand: () => 'Unknown brand',
  brandConfigurationNotFound: () => 'Failed to find configuration for brand',
  noGeneralConsentBrand: (brand: string) => `No general consent brand found for ${brand}`,
  noPublishDateOnTerm: () => 'No publish date found on term',
  // Token decoding. Wording as jwt-decode's InvalidTokenError, which §8 quotes; parts count from 1.
  invalidTokenNotString: () => 'Invalid token specified: must be a string',
  invalidTokenMissingPart: (part: number) => `Invalid token specified: missing part #${part}`,
  invalidTokenBase64: (part: number, reason?: string) =>
    `Invalid token specified: invalid base64 for part #${part}${reason ? ` (${reason})` : ''}`,
  invalidTokenJson: (part: number, reason?: string) =>
    `Invalid token specified: invalid json for part #${part}${reason ? ` (${reason})` : ''}`,
} as const;
export type ErrorMessageKey = keyof typeof errorMessages;

// §2 Error pages: generic titles by status.
export const errorPageTitles = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
} as const;
export type ErrorPageStatus = keyof typeof errorPageTitles;
export const unexpectedErrorTitle = 'An unexpected error has occurred';
export const clientExceptionTitle = 'Application error: a client-side exception has occurred';

/** Title for an error page; statuses without a generic title get the unexpected-error title (§2). */
export function errorPageTitle(status: number): string {
  return status in errorPageTitles ? errorPageTitles[status as ErrorPageStatus] : unexpectedErrorTitle;
}

// §2 "Not-found, forbidden and unauthorized fallbacks map to 404, 403 and 401."
export const fallbackStatuses = { notFound: 404, forbidden: 403, unauthorized: 401 } as const;

// §3 bad-result shape, the 400 body of the API (conventions.md §5). Plain types, no zod: this module is
// part of the web app's first script (ADR 0043).
export interface BadResultError {
  Field: string;
  Message: string;
}
export interface BadResult {
  Bad: boolean;
  Errors: BadResultError[];
  Message: string;
}

export function badResult(message: string, errors: readonly BadResultError[] = []): BadResult {
  return { Bad: true, Errors: [...errors], Message: message };
}

/**
 * Bad result from validation issues (zod's `error.issues` fits): Field is the dotted path
 * ('Applicant.Income'), '' for the whole body.
 */
export function badResultFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  message = 'Validation failed',
): BadResult {
  return badResult(
    message,
    issues.map((issue) => ({ Field: issue.path.map(String).join('.'), Message: issue.message })),
  );
}
