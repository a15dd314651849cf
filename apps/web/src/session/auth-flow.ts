import { currentUserSchema, magicTokenExchangeSchema } from '@nordloan/domain/auth';
import type { AuthMethod, AuthOrigin } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import type { AuthStore } from '#src/session/auth-store.ts';
import type { StartParameters } from '#src/session/start-params.ts';
import { readTokenClaims } from '#src/session/token-rules.ts';

// §4 Authentication flow. Pure orchestration: the calls come in as dependencies so the rules can be
// tested without a network, and the app wires the real API client in (src/app/session-bootstrap.ts).

export const invalidAuthMeMessage = errorMessages.invalidAuthMeData(); // §8

export type Credential =
  | { method: 'idp'; token: string; providerName: string; authOrigin: AuthOrigin | null }
  | { method: 'cross-domain'; token: string; applicationId: string }
  | { method: 'app-magic-token'; magicToken: string };

export interface AuthDependencies {
  /** The identity check (GET /auth/me with the token). */
  checkIdentity(token: string): Promise<unknown>;
  /** The magic-token exchange (POST /auth/magic-token) → { JWT, CustomerID, PersonID }. */
  exchangeMagicToken(magicToken: string): Promise<unknown>;
  loadCustomer(customerId: string, token: string): Promise<unknown>;
  loadPerson(personId: string, token: string): Promise<unknown>;
}

export type AuthOutcome =
  | { status: 'skipped-local-host' }
  | { status: 'no-credentials'; hasSession: boolean }
  | { status: 'authenticated'; credential: Credential }
  | { status: 'failed'; credential: Credential; reason: string };

/**
 * §4 credential order: 1. an identity-provider token in the fragment with its provider (idp);
 * 2. a cross-domain token with an application id (cross-domain); 3. an app magic token from another
 * source (app-magic-token).
 */
export function selectCredential(
  params: StartParameters,
  appMagicToken: string | null = null,
): Credential | null {
  if (params.accessToken && params.accessTokenSource === 'hash' && params.providerName) {
    return {
      method: 'idp',
      token: params.accessToken,
      providerName: params.providerName,
      authOrigin: params.authOrigin,
    };
  }
  if (params.accessToken && params.applicationId) {
    return { method: 'cross-domain', token: params.accessToken, applicationId: params.applicationId };
  }
  const magicToken = params.magicToken ?? appMagicToken;
  if (magicToken) return { method: 'app-magic-token', magicToken };
  return null;
}

function credentialSecret(credential: Credential): string {
  return credential.method === 'app-magic-token' ? credential.magicToken : credential.token;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stores the token and ids; false when the token is refused ('JWT expired'). */
function storeLogin(
  store: AuthStore,
  token: string,
  method: AuthMethod,
  identity: { customerId: string | null; personId: string | null },
): boolean {
  const result = store.getState().setToken(token, method);
  if (!result.ok) return false;
  store.getState().setIdentity(identity);
  return true;
}

/** The ids the response carries as strings, else the token's own claims ("store what it has", §5). */
function partialIdentity(response: unknown, token: string) {
  const record = (response && typeof response === 'object' ? response : {}) as Record<string, unknown>;
  const claims = readTokenClaims(token);
  return {
    customerId: typeof record.CustomerID === 'string' ? record.CustomerID : (claims?.CustomerID ?? null),
    personId: typeof record.PersonID === 'string' ? record.PersonID : (claims?.PersonID ?? null),
  };
}

async function login(
  credential: Credential,
  store: AuthStore,
  deps: AuthDependencies,
): Promise<string | null> {
  switch (credential.method) {
    case 'idp':
    case 'cross-domain': {
      const response = await deps.checkIdentity(credential.token);
      const parsed = currentUserSchema.safeParse(response);
      if (!parsed.success) {
        console.error(invalidAuthMeMessage);
        // §5: for idp the authenticating flag is cleared and nothing is stored.
        if (credential.method === 'idp') return invalidAuthMeMessage;
        // §5: for cross-domain it goes on to store what it has.
        return storeLogin(
          store,
          credential.token,
          'cross-domain',
          partialIdentity(response, credential.token),
        )
          ? null
          : errorMessages.jwtExpired();
      }
      const identity = { customerId: parsed.data.CustomerID, personId: parsed.data.PersonID };
      return storeLogin(store, credential.token, credential.method, identity)
        ? null
        : errorMessages.jwtExpired();
    }
    case 'app-magic-token': {
      const exchanged = magicTokenExchangeSchema.parse(await deps.exchangeMagicToken(credential.magicToken));
      const identity = { customerId: exchanged.CustomerID, personId: exchanged.PersonID };
      return storeLogin(store, exchanged.JWT, 'app-magic-token', identity)
        ? null
        : errorMessages.jwtExpired();
    }
  }
}

/**
 * §4 after login: the customer record (not for unscoped users) and the person record, each tracking
 * loading, error or success in the store.
 */
export async function loadUserRecords(store: AuthStore, deps: AuthDependencies): Promise<void> {
  const { token, customerId, personId, isUnscoped, setRequestState } = store.getState();
  if (!token) return;
  const load = async (record: 'customer' | 'person', id: string, fetcher: typeof deps.loadCustomer) => {
    setRequestState(record, { status: 'loading', error: null });
    try {
      await fetcher(id, token);
      setRequestState(record, { status: 'success', error: null });
    } catch (error) {
      setRequestState(record, { status: 'error', error: messageOf(error) });
    }
  };
  await Promise.all([
    !isUnscoped && customerId ? load('customer', customerId, deps.loadCustomer) : undefined,
    personId ? load('person', personId, deps.loadPerson) : undefined,
  ]);
}

export interface AuthenticateInput {
  isLocalHost: boolean;
  startParams: StartParameters;
  /** §4 step 3 "an app magic token from another source" (besides the page start). */
  appMagicToken?: string | null;
  store: AuthStore;
  deps: AuthDependencies;
}

export async function authenticate({
  isLocalHost,
  startParams,
  appMagicToken = null,
  store,
  deps,
}: AuthenticateInput): Promise<AuthOutcome> {
  // §4 "not attempted on a local host".
  if (isLocalHost) return { status: 'skipped-local-host' };

  const credential = selectCredential(startParams, appMagicToken);
  if (!credential) {
    const hasSession = store.getState().token !== null;
    if (hasSession) await loadUserRecords(store, deps);
    return { status: 'no-credentials', hasSession };
  }

  store.getState().setParams({ token: credentialSecret(credential), type: credential.method });
  store.getState().setAuthenticating(true);
  let failure: string | null;
  try {
    failure = await login(credential, store, deps);
  } catch (error) {
    failure = messageOf(error);
  }
  if (failure) {
    // §4/§8: identity-check failures are logged as warnings and end the authenticating state.
    console.warn(`Authentication (${credential.method}) failed: ${failure}`);
    store.getState().setAuthenticating(false);
    return { status: 'failed', credential, reason: failure };
  }
  store.getState().setAuthenticating(false);
  await loadUserRecords(store, deps);
  return { status: 'authenticated', credential };
}
