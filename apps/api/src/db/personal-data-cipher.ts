import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

// National identity numbers at rest (issue 15 item 4, docs/decisions/0033): the person table holds a keyed
// hash (HMAC-SHA256) to find a person by number, and an encrypted copy (AES-256-GCM) to show it to the
// callers allowed to see it. Neither is the number: a copy of the database, a backup or a log of a query
// does not reveal who anyone is without the key, which comes from the environment (PERSONAL_DATA_KEY).
//
// The key is process-wide, like the token signing key: the database layer's column mapping (a Drizzle
// custom type, see schema/core.ts) has no request context to carry it. The server sets it from the config
// before it migrates or serves; outside production an unset key falls back to a fixed development key.

const sealedPrefix = 'v1:';
const ivBytes = 12;
const tagBytes = 16;

/** Development and test only: config refuses to start production without PERSONAL_DATA_KEY. */
const developmentSecret = createHash('sha256')
  .update('nordloan development personal-data key, not a secret, never used in production')
  .digest();

interface PersonalDataKeys {
  sealKey: Buffer;
  hashKey: Buffer;
}

function deriveKeys(secret: Buffer): PersonalDataKeys {
  // Two independent keys from one secret, so the lookup hash never reuses the encryption key.
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `nordloan personal data: ${purpose}`, 32));
  return { sealKey: derive('seal national id'), hashKey: derive('national id lookup') };
}

let keys = deriveKeys(developmentSecret);

/** The secret behind both keys: at least 32 bytes, base64. Undefined: the development key. */
export function usePersonalDataKey(secretBase64: string | undefined): void {
  keys = deriveKeys(secretBase64 ? decodePersonalDataKey(secretBase64) : developmentSecret);
}

/** Decodes PERSONAL_DATA_KEY; throws when it is not base64 of at least 32 bytes. */
export function decodePersonalDataKey(secretBase64: string): Buffer {
  const secret = Buffer.from(secretBase64, 'base64');
  if (
    secret.length < 32 ||
    secret.toString('base64').replace(/=+$/, '') !== secretBase64.replace(/=+$/, '')
  ) {
    throw new Error('PERSONAL_DATA_KEY must be at least 32 bytes, base64-encoded');
  }
  return secret;
}

/** The keyed hash stored beside a national id to find its person (equal numbers, equal hashes). */
export function nationalIdLookupHash(nationalId: string): string {
  return createHmac('sha256', keys.hashKey).update(nationalId).digest('base64url');
}

/** Encrypts a national id for storage: `v1:` + base64url(iv ‖ tag ‖ ciphertext); a fresh iv each time. */
export function sealNationalId(nationalId: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keys.sealKey, iv);
  const encrypted = Buffer.concat([cipher.update(nationalId, 'utf8'), cipher.final()]);
  return sealedPrefix + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

/** Decrypts a sealed national id; throws when it was sealed with another key or changed. */
export function openNationalId(sealed: string): string {
  if (!sealed.startsWith(sealedPrefix)) throw new Error('not a sealed national id');
  const bytes = Buffer.from(sealed.slice(sealedPrefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.sealKey, bytes.subarray(0, ivBytes));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
    'utf8',
  );
}
