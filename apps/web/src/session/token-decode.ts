// §8 token decoding errors. We decode ourselves (no jwt-decode dependency) but keep the exact texts the
// spec lists: 'Invalid token specified: must be a string', '… missing part #N', '… invalid base64 for
// part #N', '… invalid json for part #N'. Part numbers are 1-based: #1 header, #2 payload.

import { errorMessages } from '@nordloan/domain/errors';

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface DecodeOptions {
  /** Decode the header (part #1) instead of the payload (part #2). */
  header?: boolean;
}

const base64UrlAlphabet = /^[A-Za-z0-9_-]*$/;

function decodeBase64Url(part: string): string {
  if (!base64UrlAlphabet.test(part)) throw new Error('string contains characters outside base64url');
  // A base64 string of length 4n+1 cannot be complete.
  if (part.length % 4 === 1) throw new Error('base64 string is not of the correct length');
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Decodes (does not verify) one part of a JWT. Verification is the API's job (§5). */
export function decodeToken<T = unknown>(token: unknown, options: DecodeOptions = {}): T {
  if (typeof token !== 'string') {
    throw new InvalidTokenError(errorMessages.invalidTokenNotString());
  }
  const index = options.header === true ? 0 : 1;
  const partNumber = index + 1;
  const part = token.split('.')[index];
  if (typeof part !== 'string') {
    throw new InvalidTokenError(errorMessages.invalidTokenMissingPart(partNumber));
  }
  let json: string;
  try {
    json = decodeBase64Url(part);
  } catch (error) {
    throw new InvalidTokenError(errorMessages.invalidTokenBase64(partNumber, (error as Error).message));
  }
  try {
    return JSON.parse(json) as T;
  } catch (error) {
    throw new InvalidTokenError(errorMessages.invalidTokenJson(partNumber, (error as Error).message));
  }
}
