import { describe, expect, it } from 'vitest';
import { decodeToken, InvalidTokenError } from '#src/session/token-decode.ts';
import { base64Url, makeToken } from '#src/test/tokens.ts';

describe('token decoding (§8 texts)', () => {
  it('decodes the payload (part #2) and, on request, the header (part #1)', () => {
    const token = makeToken({ sub: 'å-ø-æ', exp: 1 });
    expect(decodeToken(token)).toEqual({ sub: 'å-ø-æ', exp: 1 });
    expect(decodeToken(token, { header: true })).toEqual({ alg: 'ES256', typ: 'JWT' });
  });

  it("'Invalid token specified: must be a string' for a non-string", () => {
    for (const value of [undefined, null, 42, {}]) {
      expect(() => decodeToken(value)).toThrow(
        new InvalidTokenError('Invalid token specified: must be a string'),
      );
    }
  });

  it("'Invalid token specified: missing part #2' when the payload part is absent", () => {
    expect(() => decodeToken('onlyonepart')).toThrow('Invalid token specified: missing part #2');
  });

  it("'Invalid token specified: invalid json for part #1' for an empty header part", () => {
    expect(() => decodeToken('', { header: true })).toThrow(
      /^Invalid token specified: invalid json for part #1/,
    );
  });

  it("'Invalid token specified: invalid base64 for part #N' for characters outside base64url or a bad length", () => {
    expect(() => decodeToken('a.b*c.d')).toThrow(/^Invalid token specified: invalid base64 for part #2 \(/);
    expect(() => decodeToken('a.abcde.d')).toThrow(/^Invalid token specified: invalid base64 for part #2 \(/);
    expect(() => decodeToken('%%.e30.x', { header: true })).toThrow(
      /^Invalid token specified: invalid base64 for part #1/,
    );
  });

  it("'Invalid token specified: invalid json for part #N' when the part is base64 but not JSON", () => {
    expect(() => decodeToken(`x.${base64Url('not json')}.y`)).toThrow(
      /^Invalid token specified: invalid json for part #2 \(/,
    );
  });

  it('errors are InvalidTokenError', () => {
    expect(() => decodeToken(1)).toThrow(InvalidTokenError);
  });
});
