import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyUser,
  isTokenExpired,
  isUnscopedRole,
  roleFromToken,
  userFromToken,
  validateTokenForUse,
} from '#src/session/token-rules.ts';
import { customerToken, makeToken, nowMs, nowSeconds, personToken } from '#src/test/tokens.ts';

afterEach(() => vi.restoreAllMocks());

describe('§5 token acceptance', () => {
  it('accepts a token that decodes, has exp, and exp is later than now', () => {
    expect(isTokenExpired(customerToken(), nowMs)).toBe(false);
  });

  it('an expired token is expired (exp equal to now counts as expired)', () => {
    expect(isTokenExpired(customerToken({ exp: nowSeconds - 1 }), nowMs)).toBe(true);
    expect(isTokenExpired(customerToken({ exp: nowSeconds }), nowMs)).toBe(true);
  });

  it("an undecodable token is expired and logged as 'Invalid JWT'", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(isTokenExpired('garbage', nowMs)).toBe(true);
    expect(error).toHaveBeenCalledWith('Invalid JWT');
  });

  it("a token with no expiry is expired and logged as 'JWT does not contain expiration'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isTokenExpired(customerToken({ exp: undefined }), nowMs)).toBe(true);
    expect(warn).toHaveBeenCalledWith('JWT does not contain expiration');
  });

  it('never logs the token itself', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    isTokenExpired('secret-token-value', nowMs);
    expect(JSON.stringify(error.mock.calls)).not.toContain('secret-token-value');
  });
});

describe("§4 setting a token: 'JWT expired'", () => {
  it("an expired token yields the error 'JWT expired' and no user", () => {
    const result = validateTokenForUse(customerToken({ exp: nowSeconds - 60 }), nowMs);
    expect(result).toEqual({ ok: false, error: new Error('JWT expired') });
  });

  it("an expiry-less token yields the error 'JWT expired'", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = validateTokenForUse(customerToken({ exp: undefined }), nowMs);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toBe('JWT expired');
  });

  it('a valid token yields the §3 session-layer user from its claims', () => {
    const token = customerToken();
    expect(validateTokenForUse(token, nowMs)).toEqual({
      ok: true,
      user: {
        email: 'kari@example.test',
        token,
        roles: ['Customer'],
        legacyToken: null,
        clientID: 'client-1',
        customerID: 'cust-1',
        personID: 'pers-1',
        tokenExpiration: nowSeconds + 3600,
      },
    });
  });

  it('the empty user has every field empty', () => {
    expect(emptyUser).toEqual({
      email: null,
      token: null,
      roles: [],
      legacyToken: null,
      clientID: null,
      customerID: null,
      personID: null,
      tokenExpiration: null,
    });
  });
});

describe('§4 role', () => {
  it('is person when the Roles claim holds objects with Name Person', () => {
    expect(roleFromToken(personToken(), 'session')).toBe('person');
  });

  it('is person when the Roles claim holds the string Person', () => {
    expect(roleFromToken(customerToken({ Roles: ['Customer', 'Person'] }), 'cross-domain')).toBe('person');
  });

  it('is customer otherwise', () => {
    expect(roleFromToken(customerToken(), 'idp')).toBe('customer');
    expect(roleFromToken(customerToken({ Roles: [] }), 'idp')).toBe('customer');
  });

  it('defaults to person with method idp when the token carries no Roles claim', () => {
    const token = makeToken({ exp: nowSeconds + 60 });
    expect(roleFromToken(token, 'idp')).toBe('person');
    expect(roleFromToken(token, 'session')).toBe('customer');
  });

  it('isUnscoped holds only for the person role', () => {
    expect(isUnscopedRole('person')).toBe(true);
    expect(isUnscopedRole('customer')).toBe(false);
    expect(isUnscopedRole(null)).toBe(false);
  });

  it('reads role names from strings and from objects with Name', () => {
    expect(userFromToken(customerToken({ Roles: ['A', { Name: 'B' }, { nope: 1 }] })).roles).toEqual([
      'A',
      'B',
    ]);
  });
});
