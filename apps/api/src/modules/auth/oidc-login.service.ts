import { createHash, randomBytes } from 'node:crypto';
import { type TokenRole, tokenRoleSchema } from '@nordloan/domain/auth';
import { resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import type { Country } from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config, OidcProviderConfig, OidcProviderId } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import { AppError, badRequest, notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { countryClaim, nationalIdClaim, staffRolesClaim } from '#src/lib/oidc-claims.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { signInDirectoryStaff } from '#src/modules/staff/staff.service.ts';
import { signInPerson } from './auth.service.ts';
import { deleteExpiredLoginAttempts, insertLoginAttempt, takeLoginAttempt } from './oidc-login.repository.ts';
import type { TokenService } from './token.service.ts';

// The e-ID login (issue 11, docs/decisions/0029): OpenID Connect authorization code flow with PKCE, state
// and nonce, the ID token verified against the provider's JWKS (openid-client). The API does the code
// exchange and issues our own token exactly as the development login does, then hands it back to the
// page in the §4 fragment `#token=…&provider-name=…&auth-origin=…`.

/** How long a started login may take (the e-ID apps time out after a few minutes too). */
export const loginAttemptTtlMs = 10 * 60 * 1000;
/** The cookie that binds a login to the browser that started it (path-scoped to the OIDC routes). */
export const bindingCookieName = 'nordloan_oidc';
export const callbackPath = '/auth/oidc/callback';

/** §2 provider-name in the hand-back, per provider. */
export const providerNames: Record<OidcProviderId, string> = {
  NO: 'bankid-no',
  SE: 'bankid-se',
  FI: 'ftn',
  DK: 'mitid',
  staff: 'staff',
};

export const loginStateRefused = 'The login is unknown, expired or already used';
export const loginVerificationFailed = 'The e-ID login could not be verified';
export const loginNotAllowed = 'This agent is disabled';

/**
 * Why a login came back without a token, as the page is told (`#eid-error=…`, docs/decisions/0039):
 * `cancelled` the person stopped at the provider; `failed` the provider refused or the answer did not
 * verify; `expired` the login is unknown, expired, already used or was started in another browser;
 * `refused` (staff only) the person is known but may not sign in here (a disabled agent).
 */
export type EidLoginError = 'cancelled' | 'failed' | 'expired' | 'refused';

/**
 * A refused callback. `returnTo` is the page the login was started from when the attempt was known (a
 * page of the brand checked at the start), so the browser can be sent back there with the reason.
 */
export class OidcLoginRefused extends AppError {
  constructor(
    status: 400 | 401 | 403,
    readonly code: EidLoginError,
    readonly returnTo: string | null,
    readonly reason?: string,
  ) {
    super(
      status,
      status === 400 ? loginStateRefused : status === 403 ? loginNotAllowed : loginVerificationFailed,
      [],
      reason ? { reason } : {},
    );
  }
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export interface OidcClients {
  /** The provider's client configuration (discovery once, then cached; a failed discovery is retried). */
  configuration(id: OidcProviderId): Promise<oidc.Configuration>;
  settings(id: OidcProviderId): OidcProviderConfig | undefined;
}

export function createOidcClients(providers: Config['oidc']): OidcClients {
  const discovered = new Map<OidcProviderId, Promise<oidc.Configuration>>();
  return {
    settings: (id) => providers[id],
    configuration(id) {
      const settings = providers[id];
      if (!settings) return Promise.reject(notFound());
      let pending = discovered.get(id);
      if (!pending) {
        const issuer = new URL(settings.issuer);
        pending = oidc.discovery(
          issuer,
          settings.clientId,
          undefined,
          oidc.ClientSecretBasic(settings.clientSecret),
          {
            // Verify the ID token's signature against the provider's JWKS, not only trust the TLS channel.
            // Plain http only for a provider on this machine (the local e-ID provider).
            execute: [
              oidc.enableNonRepudiationChecks,
              ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname)
                ? [oidc.allowInsecureRequests]
                : []),
            ],
            timeout: 10,
          },
        );
        pending.catch(() => discovered.delete(id));
        discovered.set(id, pending);
      }
      return pending.catch(() => {
        throw serviceUnavailable('The identity provider is not available');
      });
    },
  };
}

function isLoopback(hostname: string) {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Where the token may be handed back: a page of the brand (its host or personal-page host), or the back office. */
function checkReturnTo(options: {
  provider: OidcProviderId;
  returnTo: string;
  brand?: string | undefined;
  env: Config['env'];
  /** The host the start was called on (the back office calls its API on its own host). */
  requestHost: string;
}): { url: URL; brand: string | undefined } {
  let url: URL;
  try {
    url = new URL(options.returnTo);
  } catch {
    throw badRequest('returnTo must be an absolute URL', [{ Field: 'returnTo', Message: 'Not a URL' }]);
  }
  const refuse = () =>
    badRequest('returnTo is not a page of this brand', [{ Field: 'returnTo', Message: 'Not allowed' }]);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.env !== 'production'))
    throw refuse();
  if (url.username || url.password) throw refuse();
  url.hash = '';
  if (options.provider === 'staff') {
    // Only back to the back office that asked: `backoffice.<our domain>` serves it and its API alike.
    if (!url.hostname.startsWith('backoffice.') || url.host !== options.requestHost) throw refuse();
    return { url, brand: undefined };
  }
  const resolved = resolveBrandFromHost(url.host, options.env);
  if (resolved.isFallback || resolved.brand.country !== options.provider) throw refuse();
  if (options.brand && options.brand !== resolved.brand.brand) throw refuse();
  return { url, brand: resolved.brand.brand };
}

/**
 * Starts a login: stores what the callback checks and answers the provider's authorization URL and the
 * browser-binding value for the cookie.
 */
export async function startOidcLogin(options: {
  db: Db;
  clients: OidcClients;
  env: Config['env'];
  provider: OidcProviderId;
  /** Our callback on the host the browser called (the API's host). */
  redirectUri: string;
  returnTo: string;
  brand?: string | undefined;
  /**
   * The role of our token after the login (ADR 0039): Person by default (§4, the personal page);
   * Customer for the apply journey, which works customer-scoped (ADR 0016). Applicant logins only.
   */
  tokenRole?: 'Person' | 'Customer' | undefined;
  caller: Caller | null;
  now: () => Date;
}) {
  const settings = options.clients.settings(options.provider);
  if (!settings) throw notFound('This identity provider is not offered here');
  if (options.tokenRole && options.provider === 'staff')
    throw badRequest('A staff login has no applicant role', [{ Field: 'role', Message: 'Not allowed' }]);
  const { url: returnTo, brand } = checkReturnTo({
    ...options,
    requestHost: new URL(options.redirectUri).host,
  });
  const configuration = await options.clients.configuration(options.provider);

  // An anonymous sign-up customer (token of a customer with no person yet) is linked at this login.
  let linkCustomerId: string | null = null;
  if (
    options.caller?.kind === 'customer' &&
    options.caller.personId === null &&
    options.provider !== 'staff'
  ) {
    const customer = await findCustomerById(options.db, options.caller.customerId);
    if (customer && customer.personId === null && customer.country === options.provider)
      linkCustomerId = customer.id;
  }

  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const binding = randomBytes(32).toString('base64url');
  const now = options.now();
  await deleteExpiredLoginAttempts(options.db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
  await insertLoginAttempt(options.db, {
    stateHash: sha256(state),
    browserBindingHash: sha256(binding),
    provider: options.provider,
    nonce,
    codeVerifier,
    redirectUri: options.redirectUri,
    brand: brand ?? null,
    returnTo: returnTo.href,
    linkCustomerId,
    tokenRole: options.tokenRole ?? null,
    expiresAt: new Date(now.getTime() + loginAttemptTtlMs),
    createdAt: now,
  });

  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri,
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    // An e-ID login always authenticates the person now; a provider session is not a login at a lender.
    prompt: 'login',
  };
  if (settings.acrValues) parameters.acr_values = settings.acrValues;
  return { authorizationUrl: oidc.buildAuthorizationUrl(configuration, parameters).href, binding };
}

const personClaimsSchema = z.object({
  [nationalIdClaim]: z.string().min(1),
  [countryClaim]: z.string().optional(),
  // OpenID Connect standard claims (profile scope); every Nordic e-ID broker gives them. Optional: a
  // broker that leaves them out only means the applicant types the name.
  given_name: z.string().optional().catch(undefined),
  family_name: z.string().optional().catch(undefined),
});
const staffClaimsSchema = z.object({
  name: z.string().trim().min(1).max(100),
  [staffRolesClaim]: z.array(tokenRoleSchema).min(1),
});

/**
 * The callback: takes the attempt by its state (once), checks the browser binding, redeems the code
 * (PKCE, state, nonce, issuer, audience, expiry and the ID token's signature are checked by openid-client)
 * and signs our token. Answers the URL to hand the token back to.
 */
export async function completeOidcLogin(options: {
  db: Db;
  tokens: TokenService;
  clients: OidcClients;
  /** The callback URL as called: its query has code, state and iss (or error). */
  query: Record<string, string | undefined>;
  bindingCookie: string | undefined;
  now: () => Date;
}): Promise<{ handBackUrl: string }> {
  const state = options.query.state;
  if (!state) throw new OidcLoginRefused(400, 'expired', null);
  const attempt = await takeLoginAttempt(options.db, sha256(state), options.now());
  if (!attempt) throw new OidcLoginRefused(400, 'expired', null);
  // Another browser's login (login CSRF): no token; it may see the page the login started from, which is
  // a page of the brand anyway.
  if (!options.bindingCookie || sha256(options.bindingCookie) !== attempt.browserBindingHash) {
    throw new OidcLoginRefused(400, 'expired', attempt.returnTo, 'browser binding missing or wrong');
  }
  const provider = attempt.provider as OidcProviderId;
  const returnTo = new URL(attempt.returnTo);
  const refuse = (reason: string) => new OidcLoginRefused(401, 'failed', returnTo.href, reason);

  // The person cancelled (RFC 6749 access_denied) or the e-ID refused: back to the page, without a token.
  if (options.query.error) {
    if (options.query.error === 'access_denied')
      throw new OidcLoginRefused(401, 'cancelled', returnTo.href, 'cancelled at the provider');
    throw refuse(`provider: ${options.query.error}`);
  }

  const configuration = await options.clients.configuration(provider).catch(() => {
    throw refuse('provider not available');
  });
  const currentUrl = new URL(attempt.redirectUri);
  for (const [name, value] of Object.entries(options.query)) {
    if (value !== undefined) currentUrl.searchParams.set(name, value);
  }
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      currentUrl,
      {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: attempt.redirectUri },
    );
    claims = tokens.claims() ?? {};
  } catch (error) {
    // A replayed or stolen code, a wrong nonce, audience, issuer or signature, an expired ID token.
    throw refuse(oidcFailureReason(error));
  }

  const hand = async (token: string) => {
    const fragment = new URLSearchParams({
      token,
      'provider-name': providerNames[provider],
      // §2/§4 auth origin: local when the login came back to the host that started it, global when it
      // was started on the brand's main site for its separate personal-page host.
      'auth-origin': new URL(attempt.redirectUri).host === returnTo.host ? 'local' : 'global',
    });
    return { handBackUrl: `${returnTo.href}#${fragment}` };
  };

  if (provider === 'staff') {
    const staff = staffClaimsSchema.safeParse(claims);
    if (!staff.success) throw refuse('staff claims missing');
    const roles: TokenRole[] = staff.data[staffRolesClaim];
    // A disabled agent goes back to the sign-in page with the reason, like any refused login, not to JSON.
    const { token } = await signInDirectoryStaff({
      db: options.db,
      tokens: options.tokens,
      name: staff.data.name,
      roles,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 403) {
        throw new OidcLoginRefused(403, 'refused', returnTo.href, 'agent disabled');
      }
      throw error;
    });
    return hand(token);
  }

  const country = provider as Country;
  const person = personClaimsSchema.safeParse(claims);
  const claimedCountry = person.success ? person.data[countryClaim] : undefined;
  const checked = person.success ? validateNationalId(country, person.data[nationalIdClaim]) : undefined;
  if (!checked?.valid || (claimedCountry && claimedCountry !== country)) {
    throw refuse('national id claim missing or invalid');
  }
  const { token } = await signInPerson({
    db: options.db,
    tokens: options.tokens,
    country,
    nationalId: checked.normalized,
    birthDate: checked.birthDate,
    brand: attempt.brand ?? undefined,
    role: attempt.tokenRole === 'Customer' ? 'Customer' : 'Person',
    linkCustomerId: attempt.linkCustomerId,
    names: { givenName: person.data?.given_name, familyName: person.data?.family_name },
    now: options.now(),
  });
  return hand(token);
}

/** A short reason for the log (never the token or the claims). */
function oidcFailureReason(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `provider: ${error.error}`;
  if (error instanceof oidc.AuthorizationResponseError) return `authorization: ${error.error}`;
  if (error instanceof Error && 'code' in error) return `${String(error.code)}: ${error.message}`;
  return error instanceof Error ? error.message : 'unknown';
}
