import type { QueryClient } from '@tanstack/react-query';
import { exchangeMagicToken } from '#src/features/auth/api/exchange-magic-token.ts';
import { currentUserQueryOptions } from '#src/features/auth/api/get-current-user.ts';
import { type ApplicationSessionState, applicationSessionStore } from '#src/session/active-application.ts';
import { type AuthDependencies, type AuthOutcome, authenticate } from '#src/session/auth-flow.ts';
import { type AuthStore, authStore } from '#src/session/auth-store.ts';
import { eidLoginOutcomeStore } from '#src/session/eid-login-outcome.ts';
import { emptyStartParameters, type StartParameters } from '#src/session/start-params.ts';
import { getApplicationIdByMagicToken } from '#src/shared/entities/get-application-id-by-magic-token.ts';
import { customerQueryOptions } from '#src/shared/entities/get-customer.ts';
import { loanApplicationQueryOptions } from '#src/shared/entities/get-loan-application.ts';
import { personQueryOptions } from '#src/shared/entities/get-person.ts';

// Wires the pure session layer to the real calls: §4 authentication at page load, then the §2 hand-over
// of an application (cross-domain `aid`/`id`, or a magic token resolved to an application id).

export function authDependencies(queryClient: QueryClient): AuthDependencies {
  return {
    // §7 "GET /auth/me … its result is cached by token".
    checkIdentity: (token) => queryClient.fetchQuery(currentUserQueryOptions(token)),
    exchangeMagicToken,
    loadCustomer: (customerId, token) => queryClient.fetchQuery(customerQueryOptions(customerId, token)),
    loadPerson: (personId, token) => queryClient.fetchQuery(personQueryOptions(personId, token)),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Makes a handed-over application the active one of its product (§3). */
export async function adoptApplication(
  queryClient: QueryClient,
  applicationId: string,
  token: string,
  appSession: { getState(): ApplicationSessionState } = applicationSessionStore,
): Promise<void> {
  try {
    const application = await queryClient.fetchQuery(loanApplicationQueryOptions(applicationId, token));
    if (application) appSession.getState().setActiveApplication(application.Product, application);
  } catch (error) {
    // §8 "A failed load of an application … rethrows the error message": the page shows the data set's
    // error; here the hand-over just does not happen.
    console.error(messageOf(error));
  }
}

export interface BootstrapInput {
  startParams: StartParameters;
  isLocalHost: boolean;
  queryClient: QueryClient;
  store?: AuthStore;
  appSession?: { getState(): ApplicationSessionState };
}

export async function bootstrapSession({
  startParams,
  isLocalHost,
  queryClient,
  store = authStore,
  appSession = applicationSessionStore,
}: BootstrapInput): Promise<AuthOutcome> {
  if (startParams.isInternal) store.getState().setIsInternal(true);
  // An e-ID login came back without a token: the page that started it says why (ADR 0039).
  if (startParams.eidError) eidLoginOutcomeStore.getState().setError(startParams.eidError);
  // §2 the magic token resolves to an application id. The lookup runs BEFORE the login: the exchange uses the
  // magic token up (docs/decisions/0010), after which the lookup no longer answers.
  const magicApplicationId =
    !isLocalHost && startParams.magicToken
      ? await getApplicationIdByMagicToken(startParams.magicToken).catch((error: unknown) => {
          console.error(messageOf(error));
          return null;
        })
      : null;
  const outcome = await authenticate({
    isLocalHost,
    startParams,
    store,
    deps: authDependencies(queryClient),
  });
  const applicationId = startParams.applicationId ?? magicApplicationId;
  const token = store.getState().token;
  if (applicationId && token) await adoptApplication(queryClient, applicationId, token, appSession);
  return outcome;
}

/**
 * The development identity provider hands back a token the way the real one does (`#token=…&provider-name=…`);
 * this runs the same idp branch of the flow for a token obtained in-page.
 */
export function loginWithIdentityProviderToken(
  queryClient: QueryClient,
  token: string,
  providerName: string,
) {
  return bootstrapSession({
    startParams: { ...emptyStartParameters, accessToken: token, accessTokenSource: 'hash', providerName },
    isLocalHost: false,
    queryClient,
  });
}
