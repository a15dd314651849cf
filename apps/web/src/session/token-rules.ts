import type { AuthMethod, AuthRole } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import { decodeToken } from '#src/session/token-decode.ts';

// §4 Token handling and §5 "An auth token is accepted only if it decodes, has an exp claim, and exp is
// later than now". The API verifies signatures; the browser only reads claims to decide what to do.

/** The claims the session layer reads (§3: the payload plus Email, ClientID and exp). */
export interface TokenClaims {
  CustomerID?: string;
  PersonID?: string;
  Roles?: unknown;
  Email?: string;
  ClientID?: string;
  LegacyToken?: string;
  exp?: number;
  iat?: number;
}

/** §3 session-layer user. */
export interface SessionUser {
  email: string | null;
  token: string | null;
  roles: string[];
  legacyToken: string | null;
  clientID: string | null;
  customerID: string | null;
  personID: string | null;
  /** Seconds since the epoch, the token's `exp`. */
  tokenExpiration: number | null;
}

export const emptyUser: SessionUser = Object.freeze({
  email: null,
  token: null,
  roles: [],
  legacyToken: null,
  clientID: null,
  customerID: null,
  personID: null,
  tokenExpiration: null,
}) as SessionUser;

export const jwtExpiredMessage = errorMessages.jwtExpired();
export const invalidJwtMessage = errorMessages.invalidJwt();
export const noExpirationMessage = errorMessages.jwtWithoutExpiration();

/** Decodes the payload, or null when it cannot be decoded. Never throws. */
export function readTokenClaims(token: string): TokenClaims | null {
  try {
    const claims = decodeToken<unknown>(token);
    return claims !== null && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * §5: expired unless it decodes, has exp, and exp is later than now. §8: an undecodable token is logged
 * as 'Invalid JWT', a token without exp as 'JWT does not contain expiration' (the token itself is never
 * logged).
 */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = readTokenClaims(token);
  if (!claims) {
    console.error(invalidJwtMessage);
    return true;
  }
  if (typeof claims.exp !== 'number') {
    console.warn(noExpirationMessage);
    return true;
  }
  return claims.exp * 1000 <= nowMs;
}

/** Role names from the Roles claim, which may hold strings or objects with Name (§4). */
export function roleNames(roles: unknown): string[] | null {
  if (!Array.isArray(roles)) return null;
  return roles.flatMap((role): string[] => {
    if (typeof role === 'string') return [role];
    if (role && typeof role === 'object' && typeof (role as { Name?: unknown }).Name === 'string') {
      return [(role as { Name: string }).Name];
    }
    return [];
  });
}

/**
 * §4: person when the Roles claim contains Person, else customer. When the token carries no readable
 * Roles claim the method decides: idp defaults to person (an e-ID login identifies a person before any
 * customer exists), every other method to customer.
 */
export function roleFromToken(token: string, method: AuthMethod | null): AuthRole {
  const names = roleNames(readTokenClaims(token)?.Roles);
  if (names === null) return method === 'idp' ? 'person' : 'customer';
  return names.includes('Person') ? 'person' : 'customer';
}

/** §4/§6: isUnscoped holds only for the person role. */
export function isUnscopedRole(role: AuthRole | null): boolean {
  return role === 'person';
}

/** §3 session-layer user built from the token's claims. */
export function userFromToken(token: string): SessionUser {
  const claims = readTokenClaims(token) ?? {};
  return {
    email: claims.Email ?? null,
    token,
    roles: roleNames(claims.Roles) ?? [],
    legacyToken: claims.LegacyToken ?? null,
    clientID: claims.ClientID ?? null,
    customerID: claims.CustomerID ?? null,
    personID: claims.PersonID ?? null,
    tokenExpiration: typeof claims.exp === 'number' ? claims.exp : null,
  };
}

export type SetTokenResult = { ok: true; user: SessionUser } | { ok: false; error: Error };

/** §4: an expired or expiry-less token yields 'JWT expired' and no user. */
export function validateTokenForUse(token: string, nowMs: number = Date.now()): SetTokenResult {
  if (isTokenExpired(token, nowMs)) return { ok: false, error: new Error(jwtExpiredMessage) };
  return { ok: true, user: userFromToken(token) };
}
