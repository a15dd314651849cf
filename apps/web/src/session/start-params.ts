import { type AuthOrigin, authOrigins } from '@nordloan/domain/enum-values';
import { type EidLoginError, parseEidLoginError } from './eid-login-outcome.ts';

// §2 Start parameters. Pure: takes a URL, answers what it carries and the URL to show instead. The
// caller (readAndCleanStartParameters) applies the cleaned URL with history.replaceState.

export interface StartParameters {
  /** §2 `aid` or `id` in the query: a cross-domain hand-over of an application. */
  applicationId: string | null;
  /** §2 access token from the hash (`t` or `token`), else from the query (`token`). */
  accessToken: string | null;
  accessTokenSource: 'hash' | 'query' | null;
  /** §2 a magic token (`magic`, hash or query) that resolves to an application id. */
  magicToken: string | null;
  /** §2 only `global` or `local`; any other value is ignored. */
  authOrigin: AuthOrigin | null;
  /** §2 the identity provider that issued the token in the fragment. */
  providerName: string | null;
  /** §2 `traffic=internal`. */
  isInternal: boolean;
  /** An e-ID login that came back without a token, and why (`#eid-error=…`, docs/decisions/0039). */
  eidError: EidLoginError | null;
}

export const emptyStartParameters: StartParameters = Object.freeze({
  applicationId: null,
  accessToken: null,
  accessTokenSource: null,
  magicToken: null,
  authOrigin: null,
  providerName: null,
  isInternal: false,
  eidError: null,
}) as StartParameters;

/**
 * Names removed from the URL once read (§2 "Credentials and ids are removed from the URL"): the
 * credentials, the ids, and the companions that only make sense with a credential. `traffic` and
 * marketing parameters stay; they are neither credentials nor ids.
 */
export const consumedQueryNames = ['aid', 'id', 'token', 'magic', 'auth-origin', 'provider-name'] as const;
export const consumedHashNames = [
  't',
  'token',
  'magic',
  'provider-name',
  'auth-origin',
  'eid-error',
] as const;

function nonEmpty(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A fragment is read as parameters only when it looks like `#a=b&c=d`; `#section` stays an anchor. */
function hashParams(hash: string): URLSearchParams | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  return body.includes('=') ? new URLSearchParams(body) : null;
}

export function parseAuthOrigin(value: string | null): AuthOrigin | null {
  return (authOrigins as readonly string[]).includes(value ?? '') ? (value as AuthOrigin) : null;
}

export interface StartParameterReading {
  params: StartParameters;
  /** The URL without the consumed parameters, or null when nothing needs removing. */
  cleanedUrl: string | null;
}

export function readStartParameters(
  href: string,
  { isLocalHost }: { isLocalHost: boolean },
): StartParameterReading {
  // §2 "On a local host all start parameters are ignored": nothing is read, so nothing is removed.
  if (isLocalHost) return { params: emptyStartParameters, cleanedUrl: null };

  const url = new URL(href);
  const query = url.searchParams;
  const hash = hashParams(url.hash);

  const hashToken = nonEmpty(hash?.get('t') ?? null) ?? nonEmpty(hash?.get('token') ?? null);
  const queryToken = nonEmpty(query.get('token'));
  const params: StartParameters = {
    applicationId: nonEmpty(query.get('aid')) ?? nonEmpty(query.get('id')),
    accessToken: hashToken ?? queryToken,
    accessTokenSource: hashToken ? 'hash' : queryToken ? 'query' : null,
    magicToken: nonEmpty(hash?.get('magic') ?? null) ?? nonEmpty(query.get('magic')),
    authOrigin: parseAuthOrigin(query.get('auth-origin') ?? hash?.get('auth-origin') ?? null),
    providerName: nonEmpty(hash?.get('provider-name') ?? null) ?? nonEmpty(query.get('provider-name')),
    isInternal: query.get('traffic') === 'internal',
    eidError: parseEidLoginError(hash?.get('eid-error') ?? null),
  };

  let changed = false;
  for (const name of consumedQueryNames) {
    if (query.has(name)) {
      query.delete(name);
      changed = true;
    }
  }
  if (hash) {
    for (const name of consumedHashNames) {
      if (hash.has(name)) {
        hash.delete(name);
        changed = true;
      }
    }
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
  }
  if (!changed) return { params, cleanedUrl: null };
  // `new URL` keeps a bare '?' or '#' when emptied; drop them for a clean address bar.
  const cleaned = `${url.origin}${url.pathname}${query.toString() ? `?${query}` : ''}${url.hash}`;
  return { params, cleanedUrl: cleaned };
}

/** Reads the start parameters from the window and removes credentials and ids from the address bar. */
export function readAndCleanStartParameters(
  win: Pick<Window, 'location' | 'history'>,
  options: { isLocalHost: boolean },
): StartParameters {
  const { params, cleanedUrl } = readStartParameters(win.location.href, options);
  if (cleanedUrl !== null) win.history.replaceState(win.history.state, '', cleanedUrl);
  return params;
}
