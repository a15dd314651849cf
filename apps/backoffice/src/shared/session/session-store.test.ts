import { afterEach, describe, expect, it } from 'vitest';
import {
  lastSignInError,
  readToken,
  takeHandBackToken,
  takeSignInError,
} from '#src/shared/session/session-store.ts';

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

describe('takeSignInError', () => {
  it('keeps why the company sign-in was refused and removes it from the address', () => {
    window.history.replaceState(null, '', '/applications/42#eid-error=refused');
    expect(takeSignInError()).toBe('refused');
    expect(lastSignInError()).toBe('refused');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/applications/42');
  });

  it('an unknown reason reads as failed; no reason leaves the address alone', () => {
    window.history.replaceState(null, '', '/#eid-error=%3Cscript%3E');
    expect(takeSignInError()).toBe('failed');
    window.history.replaceState(null, '', '/#section');
    expect(takeSignInError()).toBeNull();
    expect(window.location.hash).toBe('#section');
  });
});
