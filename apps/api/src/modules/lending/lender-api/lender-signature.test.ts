import { describe, expect, it } from 'vitest';
import { signLenderMessage, verifyLenderSignature } from './lender-signature.ts';

// The lender API's signature (ADR 0062): HMAC-SHA256 of "<t>.<raw body>", a replay window, rotation.

const secret = 'a'.repeat(40);
const next = 'b'.repeat(40);
const body = '{"MessageId":"x"}';
const now = new Date('2026-12-01T12:00:00Z');

describe('lender signatures', () => {
  it('accepts the body signed at a time within the window, under any current secret', () => {
    const header = signLenderMessage(secret, body, now);
    expect(verifyLenderSignature({ header, body, secrets: [secret], now })).toMatchObject({ ok: true });
    expect(verifyLenderSignature({ header, body, secrets: [next, secret], now }).ok).toBe(true);
    // Two signatures while the secret is rotated: one matching is enough.
    const [t, v1] = header.split(',');
    const rotated = `${t},v1=${'0'.repeat(64)},${v1}`;
    expect(verifyLenderSignature({ header: rotated, body, secrets: [secret], now }).ok).toBe(true);
  });

  it('refuses another body, another secret, an old or future time, a malformed or missing header', () => {
    const header = signLenderMessage(secret, body, now);
    const check = (input: Partial<Parameters<typeof verifyLenderSignature>[0]>) =>
      verifyLenderSignature({ header, body, secrets: [secret], now, ...input });
    expect(check({ body: `${body} ` })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check({ secrets: [next] })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check({ now: new Date(now.getTime() + 301_000) })).toEqual({ ok: false, reason: 'stale' });
    expect(check({ now: new Date(now.getTime() - 301_000) })).toEqual({ ok: false, reason: 'stale' });
    expect(check({ now: new Date(now.getTime() + 299_000) }).ok).toBe(true);
    expect(check({ header: 'v1=abc' })).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ header: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ secrets: [] })).toEqual({ ok: false, reason: 'no-secret' });
    // The time is signed: a fresh t on an old signature does not match.
    const replayed = header.replace(/^t=\d+/, `t=${Math.floor(now.getTime() / 1000) + 600}`);
    expect(check({ header: replayed, now: new Date(now.getTime() + 600_000) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });
});
