import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerToken, nowMs, nowSeconds, personToken } from '#src/test/tokens.ts';

const reportError = vi.fn();
vi.mock('#src/shared/tracking/error-tracking.ts', () => ({
  reportError: (error: unknown) => reportError(error),
}));

const { authStorageKey, createAuthStore, effectiveToken } = await import('#src/session/auth-store.ts');
const { emptyUser } = await import('#src/session/token-rules.ts');

let clock = nowMs;
const newStore = () => createAuthStore({ now: () => clock });

beforeEach(() => {
  sessionStorage.clear();
  clock = nowMs;
  reportError.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('§4 token handling in the auth store', () => {
  it("setting an expired token yields 'JWT expired', reports it to error tracking, and sets no user", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = newStore();
    const result = store.getState().setToken(customerToken({ exp: nowSeconds - 1 }), 'session');
    expect(result.ok).toBe(false);
    expect(store.getState().tokenError).toBe('JWT expired');
    expect(store.getState().token).toBeNull();
    expect(store.getState().user).toEqual(emptyUser);
    expect(error).toHaveBeenCalledWith('JWT expired');
    expect(reportError).toHaveBeenCalledWith(new Error('JWT expired'));
  });

  it("setting an expiry-less token yields 'JWT expired' and sets no user", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = newStore();
    expect(store.getState().setToken(customerToken({ exp: undefined })).ok).toBe(false);
    expect(store.getState().user).toEqual(emptyUser);
  });

  it('setting a valid token stores token, user, role and method', () => {
    const store = newStore();
    const token = customerToken();
    store.getState().setToken(token, 'cross-domain');
    const state = store.getState();
    expect(state.token).toBe(token);
    expect(state.user.customerID).toBe('cust-1');
    expect(state.role).toBe('customer');
    expect(state.isUnscoped).toBe(false);
    expect(state.authMethod).toBe('cross-domain');
  });

  it('unsetting auth restores the empty user', () => {
    const store = newStore();
    store.getState().setToken(customerToken(), 'session');
    store.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
    store.getState().unsetAuth();
    const state = store.getState();
    expect(state.user).toEqual(emptyUser);
    expect(state.token).toBeNull();
    expect(state.customerId).toBeNull();
    expect(state.personId).toBeNull();
    expect(state.role).toBeNull();
  });

  it('a new token pushes the previous one with its role, expiry and timestamp onto the history', () => {
    const store = newStore();
    const first = customerToken({ jti: 'a' });
    store.getState().setToken(first, 'session');
    clock = nowMs + 1000;
    store.getState().setToken(personToken({ jti: 'b' }), 'idp');
    expect(store.getState().tokenHistory).toEqual([
      { token: first, role: 'customer', expiresAt: nowSeconds + 3600, timestamp: nowMs + 1000 },
    ]);
  });

  it('the token history keeps 3 entries, newest first', () => {
    const store = newStore();
    const tokens = ['1', '2', '3', '4', '5'].map((jti) => customerToken({ jti }));
    for (const token of tokens) store.getState().setToken(token, 'session');
    expect(store.getState().tokenHistory.map((entry) => entry.token)).toEqual([
      tokens[3],
      tokens[2],
      tokens[1],
    ]);
  });

  it('setting the same token again does not grow the history', () => {
    const store = newStore();
    const token = customerToken();
    store.getState().setToken(token, 'session');
    store.getState().setToken(token, 'session');
    expect(store.getState().tokenHistory).toEqual([]);
  });

  it('role is person for a Person token, and then the user is unscoped', () => {
    const store = newStore();
    store.getState().setToken(personToken(), 'idp');
    expect(store.getState().role).toBe('person');
    expect(store.getState().isUnscoped).toBe(true);
  });

  it('§6 a token from the page URL is used when none is set', () => {
    expect(effectiveToken({ token: null, params: { token: 'from-url', type: 'cross-domain' } })).toBe(
      'from-url',
    );
    expect(effectiveToken({ token: 'set', params: { token: 'from-url', type: 'cross-domain' } })).toBe('set');
    expect(effectiveToken({ token: null, params: { token: null, type: null } })).toBeNull();
  });
});

describe('§4 auth state persistence (sessionStorage, version 2)', () => {
  it('persists in sessionStorage with version 2', () => {
    const store = newStore();
    store.getState().setToken(customerToken(), 'session');
    const stored = JSON.parse(sessionStorage.getItem(authStorageKey) ?? '{}');
    expect(stored.version).toBe(2);
    expect(stored.state.token).toBe(store.getState().token);
  });

  it('excludes the request states, params and the authenticating flag', () => {
    const store = newStore();
    store.getState().setToken(customerToken(), 'session');
    store.getState().setParams({ token: 'url-token', type: 'cross-domain' });
    store.getState().setAuthenticating(true);
    store.getState().setRequestState('customer', { status: 'loading', error: null });
    store.getState().setRequestState('person', { status: 'error', error: 'x' });
    store.getState().setIsInternal(true);
    store.getState().setRedirectAfterAuth('/mine-tilbud');
    const { state } = JSON.parse(sessionStorage.getItem(authStorageKey) ?? '{}');
    expect(Object.keys(state).sort()).toEqual(
      [
        'authMethod',
        'customerId',
        'isInternal',
        'isUnscoped',
        'personId',
        'redirectAfterAuth',
        'role',
        'token',
        'tokenHistory',
        'user',
      ].sort(),
    );
  });

  it('restores a persisted session in a new store (a reload)', () => {
    const token = customerToken();
    newStore().getState().setToken(token, 'idp');
    const reloaded = newStore();
    expect(reloaded.getState().token).toBe(token);
    expect(reloaded.getState().authMethod).toBe('idp');
    expect(reloaded.getState().isAuthenticating).toBe(false);
  });

  it('drops a persisted token that has expired since', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    newStore()
      .getState()
      .setToken(customerToken({ exp: nowSeconds + 10 }), 'session');
    clock = nowMs + 60_000;
    expect(newStore().getState().token).toBeNull();
  });

  it('ignores a stored state of another version', () => {
    sessionStorage.setItem(authStorageKey, JSON.stringify({ version: 1, state: { token: customerToken() } }));
    expect(newStore().getState().token).toBeNull();
  });
});
