import type { AuthMethod, AuthRole, RecordLoadStatus } from '@nordloan/domain/enums';
import { useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import {
  emptyUser,
  isTokenExpired,
  isUnscopedRole,
  jwtExpiredMessage,
  roleFromToken,
  type SessionUser,
  type SetTokenResult,
  validateTokenForUse,
} from '#src/session/token-rules.ts';
import { reportError } from '#src/shared/tracking/error-tracking.ts';

// §3 auth store and §4 token handling. Persisted in sessionStorage (so a tab keeps its login across
// reloads but nothing outlives the tab), version 2 (§9).

export const authStorageKey = 'nordloan-auth';
export const authStorageVersion = 2; // §9
export const tokenHistoryLimit = 3; // §9

export interface TokenHistoryEntry {
  token: string;
  role: AuthRole | null;
  /** The token's exp, seconds since the epoch. */
  expiresAt: number | null;
  /** When it was replaced, milliseconds since the epoch. */
  timestamp: number;
}

/** The credential read at page start (§2) and how it is to be used. Never persisted. */
export interface AuthParams {
  token: string | null;
  type: AuthMethod | null;
}

export interface RequestState {
  status: RecordLoadStatus;
  error: string | null;
}

export const idleRequest: RequestState = Object.freeze({ status: 'idle', error: null }) as RequestState;

export interface AuthData {
  user: SessionUser;
  token: string | null;
  role: AuthRole | null;
  tokenHistory: TokenHistoryEntry[];
  isUnscoped: boolean;
  params: AuthParams;
  customerId: string | null;
  personId: string | null;
  authMethod: AuthMethod | null;
  isInternal: boolean;
  isAuthenticating: boolean;
  redirectAfterAuth: string | null;
  /** The last token error ('JWT expired'); a request state, not persisted. */
  tokenError: string | null;
  customerRequest: RequestState;
  personRequest: RequestState;
}

export interface AuthActions {
  /** §4: rejects an expired or expiry-less token with 'JWT expired'; otherwise pushes the old one onto the history. */
  setToken(token: string, method?: AuthMethod): SetTokenResult;
  setIdentity(identity: { customerId: string | null; personId: string | null }): void;
  setParams(params: AuthParams): void;
  setAuthMethod(method: AuthMethod | null): void;
  setIsInternal(isInternal: boolean): void;
  setAuthenticating(isAuthenticating: boolean): void;
  setRedirectAfterAuth(path: string | null): void;
  setRequestState(record: 'customer' | 'person', state: RequestState): void;
  /** §4: restores the empty user. */
  unsetAuth(): void;
}

export type AuthState = AuthData & AuthActions;

export const initialAuthData: AuthData = {
  user: emptyUser,
  token: null,
  role: null,
  tokenHistory: [],
  isUnscoped: false,
  params: { token: null, type: null },
  customerId: null,
  personId: null,
  authMethod: null,
  isInternal: false,
  isAuthenticating: false,
  redirectAfterAuth: null,
  tokenError: null,
  customerRequest: idleRequest,
  personRequest: idleRequest,
};

/** §4: everything but the request states, the params and the authenticating flag. */
export function partializeAuth(state: AuthState) {
  const {
    customerRequest: _customer,
    personRequest: _person,
    params: _params,
    isAuthenticating: _authenticating,
    tokenError: _tokenError,
    ...persisted
  } = state;
  return Object.fromEntries(
    Object.entries(persisted).filter(([, value]) => typeof value !== 'function'),
  ) as Omit<AuthData, 'customerRequest' | 'personRequest' | 'params' | 'isAuthenticating' | 'tokenError'>;
}

export interface AuthStoreOptions {
  storage?: () => StateStorage;
  now?: () => number;
}

export function createAuthStore({ storage = () => sessionStorage, now = Date.now }: AuthStoreOptions = {}) {
  return createStore<AuthState>()(
    persist(
      (set, get) => ({
        ...initialAuthData,
        setToken(token, method) {
          const result = validateTokenForUse(token, now());
          if (!result.ok) {
            console.error(jwtExpiredMessage);
            reportError(result.error);
            set({ tokenError: jwtExpiredMessage });
            return result;
          }
          const previous = get();
          const effectiveMethod = method ?? previous.authMethod;
          const role = roleFromToken(token, effectiveMethod);
          const tokenHistory =
            previous.token && previous.token !== token
              ? [
                  {
                    token: previous.token,
                    role: previous.role,
                    expiresAt: previous.user.tokenExpiration,
                    timestamp: now(),
                  },
                  ...previous.tokenHistory,
                ].slice(0, tokenHistoryLimit)
              : previous.tokenHistory;
          set({
            token,
            user: result.user,
            role,
            isUnscoped: isUnscopedRole(role),
            tokenHistory,
            authMethod: effectiveMethod,
            tokenError: null,
          });
          return result;
        },
        setIdentity({ customerId, personId }) {
          set({ customerId, personId });
        },
        setParams(params) {
          set({ params });
        },
        setAuthMethod(authMethod) {
          set({ authMethod });
        },
        setIsInternal(isInternal) {
          set({ isInternal });
        },
        setAuthenticating(isAuthenticating) {
          set({ isAuthenticating });
        },
        setRedirectAfterAuth(redirectAfterAuth) {
          set({ redirectAfterAuth });
        },
        setRequestState(record, state) {
          set(record === 'customer' ? { customerRequest: state } : { personRequest: state });
        },
        unsetAuth() {
          set({
            user: emptyUser,
            token: null,
            role: null,
            isUnscoped: false,
            customerId: null,
            personId: null,
            authMethod: null,
            tokenError: null,
            customerRequest: idleRequest,
            personRequest: idleRequest,
          });
        },
      }),
      {
        name: authStorageKey,
        version: authStorageVersion,
        storage: createJSONStorage(storage),
        partialize: partializeAuth,
        // Older shapes are not trusted: start clean rather than guess.
        migrate: () => ({}) as AuthState,
        onRehydrateStorage: () => (state) => {
          // A stored token that has expired since is dropped, so no call goes out with it.
          if (state?.token && isTokenExpired(state.token, now())) state.unsetAuth();
        },
      },
    ),
  );
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** §6: a token from the page URL is used when none is set. */
export function effectiveToken(state: Pick<AuthData, 'token' | 'params'>): string | null {
  return state.token ?? state.params.token ?? null;
}
