import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerToken, nowMs, nowSeconds, personToken } from '#src/test/tokens.ts';

vi.mock('#src/shared/tracking/error-tracking.ts', () => ({ reportError: () => {} }));
const { authenticate, loadUserRecords, selectCredential } = await import('#src/session/auth-flow.ts');
const { createAuthStore } = await import('#src/session/auth-store.ts');
const { emptyStartParameters } = await import('#src/session/start-params.ts');
type StartParameters = import('#src/session/start-params.ts').StartParameters;

const params = (overrides: Partial<StartParameters>): StartParameters => ({
  ...emptyStartParameters,
  ...overrides,
});
const idpParams = (token: string) =>
  params({ accessToken: token, accessTokenSource: 'hash', providerName: 'bankid-no' });

function setup() {
  const store = createAuthStore({ now: () => nowMs });
  const deps = {
    checkIdentity: vi.fn(
      async (_token: string): Promise<unknown> => ({ CustomerID: 'cust-1', PersonID: 'pers-1' }),
    ),
    exchangeMagicToken: vi.fn(
      async (_magic: string): Promise<unknown> => ({
        JWT: customerToken({ jti: 'magic' }),
        CustomerID: 'cust-9',
        PersonID: 'pers-9',
      }),
    ),
    loadCustomer: vi.fn(async () => ({ ID: 'cust-1' })),
    loadPerson: vi.fn(async () => ({ ID: 'pers-1' })),
  };
  return { store, deps };
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('§4 credential order: idp → cross-domain → app-magic-token', () => {
  it('an identity-provider token in the fragment with a provider is idp, with its optional auth origin', () => {
    expect(selectCredential({ ...idpParams('t'), authOrigin: 'global' })).toEqual({
      method: 'idp',
      token: 't',
      providerName: 'bankid-no',
      authOrigin: 'global',
    });
  });

  it('idp wins over cross-domain and a magic token', () => {
    expect(selectCredential({ ...idpParams('t'), applicationId: 'a', magicToken: 'm' })?.method).toBe('idp');
  });

  it('a token with an application id is cross-domain', () => {
    expect(
      selectCredential(params({ accessToken: 't', accessTokenSource: 'query', applicationId: 'a' })),
    ).toEqual({
      method: 'cross-domain',
      token: 't',
      applicationId: 'a',
    });
  });

  it('a provider-name with a query token is not idp (the idp token comes in the fragment)', () => {
    expect(
      selectCredential(
        params({ accessToken: 't', accessTokenSource: 'query', providerName: 'p', applicationId: 'a' }),
      )?.method,
    ).toBe('cross-domain');
  });

  it('cross-domain wins over a magic token', () => {
    expect(
      selectCredential(
        params({ accessToken: 't', accessTokenSource: 'hash', applicationId: 'a', magicToken: 'm' }),
      )?.method,
    ).toBe('cross-domain');
  });

  it('an app magic token from the page start or another source is app-magic-token', () => {
    expect(selectCredential(params({ magicToken: 'm' }))).toEqual({
      method: 'app-magic-token',
      magicToken: 'm',
    });
    expect(selectCredential(emptyStartParameters, 'from-app')).toEqual({
      method: 'app-magic-token',
      magicToken: 'from-app',
    });
  });

  it('a token without provider or application id is no credential', () => {
    expect(selectCredential(params({ accessToken: 't', accessTokenSource: 'hash' }))).toBeNull();
  });
});

describe('§4 authentication flow', () => {
  it('is not attempted on a local host', async () => {
    const { store, deps } = setup();
    const outcome = await authenticate({
      isLocalHost: true,
      startParams: idpParams(personToken()),
      store,
      deps,
    });
    expect(outcome).toEqual({ status: 'skipped-local-host' });
    expect(deps.checkIdentity).not.toHaveBeenCalled();
    expect(store.getState().token).toBeNull();
  });

  it('idp: runs the identity check with the token; on success stores token, customer id and person id', async () => {
    const { store, deps } = setup();
    const token = personToken();
    const outcome = await authenticate({ isLocalHost: false, startParams: idpParams(token), store, deps });
    expect(outcome.status).toBe('authenticated');
    expect(deps.checkIdentity).toHaveBeenCalledWith(token);
    const state = store.getState();
    expect(state.token).toBe(token);
    expect(state.customerId).toBe('cust-1');
    expect(state.personId).toBe('pers-1');
    expect(state.authMethod).toBe('idp');
    expect(state.isAuthenticating).toBe(false);
    expect(state.params).toEqual({ token, type: 'idp' });
  });

  it('cross-domain: identity check, then token and ids stored with method cross-domain', async () => {
    const { store, deps } = setup();
    const token = customerToken();
    await authenticate({
      isLocalHost: false,
      startParams: params({ accessToken: token, accessTokenSource: 'hash', applicationId: 'app-1' }),
      store,
      deps,
    });
    expect(deps.checkIdentity).toHaveBeenCalledWith(token);
    expect(store.getState()).toMatchObject({
      token,
      authMethod: 'cross-domain',
      customerId: 'cust-1',
      role: 'customer',
    });
  });

  it('app-magic-token: the magic token is exchanged for JWT, CustomerID and PersonID', async () => {
    const { store, deps } = setup();
    await authenticate({ isLocalHost: false, startParams: params({ magicToken: 'magic-1' }), store, deps });
    expect(deps.exchangeMagicToken).toHaveBeenCalledWith('magic-1');
    expect(deps.checkIdentity).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      authMethod: 'app-magic-token',
      customerId: 'cust-9',
      personId: 'pers-9',
    });
  });

  it('sets the authenticating flag while the identity check runs', async () => {
    const { store, deps } = setup();
    let during = false;
    deps.checkIdentity.mockImplementation(async () => {
      during = store.getState().isAuthenticating;
      return { CustomerID: 'c', PersonID: 'p' };
    });
    await authenticate({ isLocalHost: false, startParams: idpParams(personToken()), store, deps });
    expect(during).toBe(true);
    expect(store.getState().isAuthenticating).toBe(false);
  });

  it('on failure a warning is logged and authenticating ends, nothing stored', async () => {
    const { store, deps } = setup();
    deps.checkIdentity.mockRejectedValue(new Error('Failed to GET /auth/me; Error: 401: Unauthorized'));
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: idpParams(personToken()),
      store,
      deps,
    });
    expect(outcome.status).toBe('failed');
    expect(warn).toHaveBeenCalledWith(
      'Authentication (idp) failed: Failed to GET /auth/me; Error: 401: Unauthorized',
    );
    expect(store.getState().isAuthenticating).toBe(false);
    expect(store.getState().token).toBeNull();
  });

  it('a failed magic-token exchange is a warning too', async () => {
    const { store, deps } = setup();
    deps.exchangeMagicToken.mockRejectedValue(new Error('boom'));
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: params({ magicToken: 'm' }),
      store,
      deps,
    });
    expect(outcome.status).toBe('failed');
    expect(warn).toHaveBeenCalledWith('Authentication (app-magic-token) failed: boom');
    expect(store.getState().isAuthenticating).toBe(false);
  });

  it("an expired token from the URL fails with 'JWT expired' and stores nothing", async () => {
    const { store, deps } = setup();
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: idpParams(personToken({ exp: nowSeconds - 5 })),
      store,
      deps,
    });
    expect(outcome).toMatchObject({ status: 'failed', reason: 'JWT expired' });
    expect(store.getState().token).toBeNull();
  });
});

describe("§5 'Invalid AuthMe data'", () => {
  it('idp: logs it, clears the authenticating flag and stores nothing', async () => {
    const { store, deps } = setup();
    deps.checkIdentity.mockResolvedValue({ CustomerID: 42 });
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: idpParams(personToken()),
      store,
      deps,
    });
    expect(error).toHaveBeenCalledWith('Invalid AuthMe data');
    expect(outcome.status).toBe('failed');
    expect(store.getState()).toMatchObject({
      token: null,
      customerId: null,
      personId: null,
      isAuthenticating: false,
    });
    expect(deps.loadPerson).not.toHaveBeenCalled();
  });

  it('cross-domain: logs it and goes on to store what it has', async () => {
    const { store, deps } = setup();
    deps.checkIdentity.mockResolvedValue({ PersonID: 'pers-from-me', CustomerID: 7 });
    const token = customerToken();
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: params({ accessToken: token, accessTokenSource: 'query', applicationId: 'app-1' }),
      store,
      deps,
    });
    expect(error).toHaveBeenCalledWith('Invalid AuthMe data');
    expect(outcome.status).toBe('authenticated');
    // The valid PersonID from the response; the invalid CustomerID falls back to the token's own claim.
    expect(store.getState()).toMatchObject({
      token,
      personId: 'pers-from-me',
      customerId: 'cust-1',
      isAuthenticating: false,
    });
  });
});

describe('§4 after login: customer and person records', () => {
  it('loads both, tracking loading then success', async () => {
    const { store, deps } = setup();
    const seen: string[] = [];
    deps.loadCustomer.mockImplementation(async () => {
      seen.push(store.getState().customerRequest.status);
      return { ID: 'cust-1' };
    });
    await authenticate({ isLocalHost: false, startParams: idpParams(customerToken()), store, deps });
    expect(seen).toEqual(['loading']);
    expect(deps.loadCustomer).toHaveBeenCalledWith('cust-1', expect.any(String));
    expect(deps.loadPerson).toHaveBeenCalledWith('pers-1', expect.any(String));
    expect(store.getState().customerRequest).toEqual({ status: 'success', error: null });
    expect(store.getState().personRequest).toEqual({ status: 'success', error: null });
  });

  it('tracks an error with its message', async () => {
    const { store, deps } = setup();
    deps.loadPerson.mockRejectedValue(
      new Error('Error fetching http://x/person/pers-1: 500 Internal Server Error'),
    );
    await authenticate({ isLocalHost: false, startParams: idpParams(customerToken()), store, deps });
    expect(store.getState().personRequest).toEqual({
      status: 'error',
      error: 'Error fetching http://x/person/pers-1: 500 Internal Server Error',
    });
  });

  it('unscoped users do not load a customer record', async () => {
    const { store, deps } = setup();
    await authenticate({ isLocalHost: false, startParams: idpParams(personToken()), store, deps });
    expect(store.getState().isUnscoped).toBe(true);
    expect(deps.loadCustomer).not.toHaveBeenCalled();
    expect(deps.loadPerson).toHaveBeenCalled();
    expect(store.getState().customerRequest.status).toBe('idle');
  });

  it('a persisted session without new credentials loads the records again', async () => {
    const { store, deps } = setup();
    store.getState().setToken(customerToken(), 'session');
    store.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
    const outcome = await authenticate({
      isLocalHost: false,
      startParams: emptyStartParameters,
      store,
      deps,
    });
    expect(outcome).toEqual({ status: 'no-credentials', hasSession: true });
    expect(deps.loadCustomer).toHaveBeenCalled();
  });

  it('no token, no records', async () => {
    const { store, deps } = setup();
    await loadUserRecords(store, deps);
    expect(deps.loadCustomer).not.toHaveBeenCalled();
    expect(deps.loadPerson).not.toHaveBeenCalled();
  });
});
