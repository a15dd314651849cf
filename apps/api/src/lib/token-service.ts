import type { TokenPayload, TokenRole } from '@nordloan/domain/auth';
import type { JWK } from 'jose';

// What the rest of the API needs of the token service (plugins/auth verifies, modules sign); the ES256
// implementation is modules/auth/token.service.ts, built in server.ts or the test helper.

export interface TokenClaims {
  CustomerID?: string | undefined;
  PersonID?: string | undefined;
  Roles: TokenRole[];
  Email?: string | undefined;
  ClientID?: string | undefined;
  /** Subject: the agent for staff tokens. */
  sub?: string | undefined;
}

export interface TokenService {
  sign(claims: TokenClaims, options?: { ttlSeconds?: number }): Promise<string>;
  /** §5: accepted only if it decodes, carries the required claims, has exp, and exp is in the future. */
  verify(token: string): Promise<TokenPayload & { sub?: string }>;
  /**
   * What `verify` answered for this token before, without waiting: the payload while it has not expired,
   * a thrown 401 'JWT expired' once it has, undefined for a token this process has not verified.
   */
  recall(token: string): (TokenPayload & { sub?: string }) | undefined;
  jwks(): { keys: JWK[] };
}
