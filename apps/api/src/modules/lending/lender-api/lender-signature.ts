import { createHmac, timingSafeEqual } from 'node:crypto';
import { signatureToleranceSeconds } from '@nordloan/domain/lending/lender-api';

// Signatures of the lender API, both ways (docs/decisions/0062): the `Nordloan-Signature` header is
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the lender's own secret. The time is
// signed with the body, so an old message cannot be replayed with a fresh time; messages outside the
// window are refused, and the MessageId inside the body makes one replayed inside it a duplicate. Several
// `v1=` values may be sent while a secret is rotated; one matching any current secret is enough.

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' | 'no-secret' };

function hmac(secret: string, timestamp: number, body: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
}

/** The header value signing `body` at `now` with `secret`. */
export function signLenderMessage(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString('hex')}`;
}

function parseHeader(header: string): { timestamp: number; signatures: Buffer[] } | undefined {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Why a header cannot be a signature at all (absent or malformed), before any secret is looked up. */
export function signatureHeaderProblem(
  header: string | string[] | undefined,
): 'missing' | 'malformed' | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 'missing';
  return parseHeader(value) ? undefined : 'malformed';
}

/**
 * Whether `header` signs `body` under one of `secrets`, at a time within the replay window of `now`.
 * Compared in constant time: the answer's timing tells nothing of the secret.
 */
export function verifyLenderSignature(input: {
  header: string | string[] | undefined;
  body: string;
  secrets: readonly string[];
  now: Date;
  toleranceSeconds?: number;
}): SignatureCheck {
  const header = Array.isArray(input.header) ? input.header[0] : input.header;
  if (!header) return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (input.secrets.length === 0) return { ok: false, reason: 'no-secret' };
  const tolerance = input.toleranceSeconds ?? signatureToleranceSeconds;
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  // Checked before the signature is computed, and said apart from a wrong signature: a sender whose
  // clock is off learns why, and nothing about the secret.
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) return { ok: false, reason: 'stale' };
  for (const secret of input.secrets) {
    const expected = hmac(secret, parsed.timestamp, input.body);
    if (parsed.signatures.some((candidate) => timingSafeEqual(candidate, expected))) {
      return { ok: true, timestamp: parsed.timestamp };
    }
  }
  return { ok: false, reason: 'mismatch' };
}
