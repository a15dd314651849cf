import { useSyncExternalStore } from 'react';

// The staff token lives in sessionStorage: it survives a reload of the tab but not closing it, and it is
// not shared with other tabs (a shared computer in the office must not keep a broker signed in). It is
// never logged and never put in a URL by us; the staff identity provider's hand-back brings it once in
// the fragment, and takeHandBackToken removes it from the address before anything renders.

const storageKey = 'nordloan.backoffice.token';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(storageKey) ?? null;
}

export function saveToken(token: string): void {
  storage()?.setItem(storageKey, token);
  for (const listener of listeners) listener();
}

export function clearToken(): void {
  storage()?.removeItem(storageKey);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, () => null);
}

/**
 * The staff sign-in's hand-back (`#token=…&provider-name=staff`, ADR 0029): keeps the token and replaces
 * the address without the fragment, so the token stays neither in the address bar nor in the history.
 */
export function takeHandBackToken(
  location: Location = window.location,
  history: History = window.history,
): boolean {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (!token || fragment.get('provider-name') !== 'staff') return false;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  saveToken(token);
  return true;
}

/** Why the company sign-in came back without a token (`#eid-error=…`, docs/decisions/0039). */
export type SignInError = 'cancelled' | 'failed' | 'expired' | 'refused';
const signInErrors: readonly SignInError[] = ['cancelled', 'failed', 'expired', 'refused'];
let signInError: SignInError | null = null;

/**
 * A refused sign-in's reason from the address: kept for the sign-in page to show, and the fragment
 * removed so a reload does not show it again.
 */
export function takeSignInError(
  location: Location = window.location,
  history: History = window.history,
): SignInError | null {
  const code = new URLSearchParams(location.hash.replace(/^#/, '')).get('eid-error');
  if (code === null) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  signInError = signInErrors.find((known) => known === code) ?? 'failed';
  return signInError;
}

/** The reason taken from the address at start, once: the sign-in page shows it until the next try. */
export function lastSignInError(): SignInError | null {
  return signInError;
}
