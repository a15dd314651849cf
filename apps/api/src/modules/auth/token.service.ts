import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TokenPayload, tokenPayloadSchema } from '@nordloan/domain/auth';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type JWK,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import { unauthorized } from '#src/lib/app-error.ts';
import type { TokenClaims, TokenService } from '#src/lib/token-service.ts';

const ALGORITHM = 'ES256';
const KEY_FILE = 'jwt-es256.pkcs8.pem';
/** Verified tokens remembered per process (about 1 kB each). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export interface SigningKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
}

// The types live in lib/ (plugins/auth needs them); re-exported for the module's callers.
export type { TokenClaims, TokenService };

async function keyFromPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem, ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  // The public half is the private JWK without its secret `d`.
  const { d: _secret, ...publicJwk } = privateJwk;
  const { importJWK } = await import('jose');
  const publicKey = (await importJWK(publicJwk, ALGORITHM)) as CryptoKey;
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, publicKey, publicJwk: { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' }, kid };
}

export async function generateSigningKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  return exportPKCS8(privateKey);
}

/**
 * The key comes from config (JWT_PRIVATE_KEY) when given; otherwise it is generated once and kept in
 * DATA_DIR so tokens survive a restart. Without a data dir (tests) a fresh in-memory key is used.
 */
export async function loadSigningKey(options: {
  privateKeyPem?: string | undefined;
  dataDir?: string | undefined;
}) {
  if (options.privateKeyPem) return keyFromPem(options.privateKeyPem);
  if (!options.dataDir) return keyFromPem(await generateSigningKeyPem());
  const keyDir = join(options.dataDir, 'keys');
  const keyPath = join(keyDir, KEY_FILE);
  if (!existsSync(keyPath)) {
    mkdirSync(keyDir, { recursive: true });
    // Several instances starting together on one empty DATA_DIR (npm run start:cluster) must end up with
    // one key, or tokens one signs the others refuse: the key is written whole to a file of this process's
    // own and linked into place, which fails for all but the first; the others then read the winner's.
    const draft = join(keyDir, `${KEY_FILE}.${process.pid}.${randomUUID()}`);
    writeFileSync(draft, await generateSigningKeyPem(), { mode: 0o600 });
    try {
      linkSync(draft, keyPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return keyFromPem(readFileSync(keyPath, 'utf8'));
}

export function createTokenService(options: {
  key: SigningKey;
  issuer: string;
  ttlSeconds: number;
  now?: () => Date;
}): TokenService {
  const { key, issuer, ttlSeconds } = options;
  const now = options.now ?? (() => new Date());
  // A token's signature and claims never change; only the clock does. So the outcome of a successful
  // verification is kept per token string and reused (issue 12: the ECDSA check was a tenth of a read's
  // CPU); the expiry is still checked on every use. Bounded: the oldest entry goes first.
  const verified = new Map<string, { payload: TokenPayload & { sub?: string }; exp: number }>();

  function recall(token: string) {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.exp > Math.floor(now().getTime() / 1000)) return known.payload;
    verified.delete(token);
    throw unauthorized('JWT expired');
  }

  return {
    async sign(claims, signOptions) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const { sub, ...payload } = claims;
      const jwt = new SignJWT({ ...payload })
        .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + (signOptions?.ttlSeconds ?? ttlSeconds))
        .setJti(randomUUID());
      if (sub) jwt.setSubject(sub);
      return jwt.sign(key.privateKey);
    },

    recall,

    async verify(token) {
      const known = recall(token);
      if (known) return known;
      let payload: Record<string, unknown>;
      try {
        // `algorithms` pins ES256: `alg: none` and HS256-with-the-public-key tricks are refused here.
        ({ payload } = await jwtVerify(token, key.publicKey, {
          algorithms: [ALGORITHM],
          issuer,
          requiredClaims: ['exp', 'iat', 'jti'],
          currentDate: now(),
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('JWT expired');
        if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp') {
          throw unauthorized('JWT does not contain expiration');
        }
        throw unauthorized('Invalid JWT');
      }
      const parsed = tokenPayloadSchema.safeParse(payload);
      if (!parsed.success) throw unauthorized('Invalid JWT');
      const result = { ...parsed.data, ...(typeof payload.sub === 'string' ? { sub: payload.sub } : {}) };
      if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { payload: result, exp: result.exp });
      return result;
    },

    jwks: () => ({ keys: [key.publicJwk] }),
  };
}
