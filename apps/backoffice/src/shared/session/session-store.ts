import { useSyncExternalStore } from 'react';

// The staff token lives in sessionStorage: it survives a reload of the tab but not closing it, and it is
// not shared with other tabs (a shared computer in the office must not keep a broker signed in). It is
// never logged and never put in a URL.

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
