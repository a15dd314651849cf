import { afterEach, describe, expect, it } from 'vitest';
import { readToken, takeHandBackToken } from '#src/shared/session/session-store.ts';

// The staff sign-in's hand-back (ADR 0029): the token is kept and leaves the address at once.

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('takeHandBackToken', () => {
  it('keeps the staff token and removes the fragment from the address (path and query stay)', () => {
    window.history.replaceState(
      null,
      '',
      '/applications/42?tab=quotes#token=header.payload.sig&provider-name=staff',
    );
    expect(takeHandBackToken()).toBe(true);
    expect(readToken()).toBe('header.payload.sig');
    expect(window.location.hash).toBe('');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/applications/42?tab=quotes');
  });

  it('ignores a token from another provider and an address without one', () => {
    window.history.replaceState(null, '', '/#token=header.payload.sig&provider-name=bankid-no');
    expect(takeHandBackToken()).toBe(false);
    expect(readToken()).toBeNull();
    window.history.replaceState(null, '', '/#section');
    expect(takeHandBackToken()).toBe(false);
    expect(window.location.hash).toBe('#section');
  });
});
