import { makeTestNationalId } from '@nordloan/domain/national-id';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

describe('tokens and the development identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const norwegian = makeTestNationalId('NO', '1985-04-12', 1);

  it('logs a person in with a valid national id and answers token, CustomerID and PersonID', async () => {
    const login = await t.login({ nationalId: norwegian, country: 'NO' });
    expect(login.token.split('.')).toHaveLength(3);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(login.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ CustomerID: login.CustomerID, PersonID: login.PersonID });
  });

  it('finds the same person and customer on a second login', async () => {
    const first = await t.login({ nationalId: norwegian, country: 'NO' });
    const second = await t.login({ nationalId: norwegian, country: 'NO' });
    expect(second.PersonID).toBe(first.PersonID);
    expect(second.CustomerID).toBe(first.CustomerID);
  });

  it('signs the §3 claims: Roles with Country, iss, exp, iat, jti', async () => {
    const { token } = await t.login({ nationalId: norwegian, country: 'NO' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ Roles: [{ Name: 'Person', Country: 'NO' }], iss: 'nordloan' });
    expect(payload.exp - payload.iat).toBe(t.config.jwt.ttlSeconds);
    expect(typeof payload.jti).toBe('string');
  });

  it.each([
    ['NO', makeTestNationalId('NO', '1990-01-31', 3)],
    ['SE', makeTestNationalId('SE', '1979-12-01', 2)],
    ['FI', makeTestNationalId('FI', '2001-06-15', 4)],
    ['DK', makeTestNationalId('DK', '1966-03-09', 5)],
  ] as const)('accepts a valid %s national id', async (country, nationalId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId, country },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a national id with a wrong checksum with a field error', async () => {
    const last = norwegian.at(-1) === '0' ? '1' : '0';
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId: `${norwegian.slice(0, -1)}${last}`, country: 'NO' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Bad: true, Errors: [{ Field: 'nationalId' }] });
  });

  it('refuses a body without country in the bad-result shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId: norwegian },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Bad: true,
      Message: 'Validation failed',
      Errors: [{ Field: 'country' }],
    });
  });

  it('answers 401 Missing token without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('Missing token');
  });

  it('answers 401 JWT expired once the token has expired', async () => {
    const { token } = await t.login({ nationalId: norwegian, country: 'NO' });
    t.clock.advance((t.config.jwt.ttlSeconds + 1) * 1000);
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    t.clock.set(new Date());
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('JWT expired');
  });

  it('answers 401 JWT expired for a token that was verified (and remembered) while it was valid', async () => {
    const { token } = await t.login({ nationalId: norwegian, country: 'NO' });
    // The first two uses verify the signature, then reuse the remembered outcome.
    for (let use = 0; use < 2; use++) {
      const ok = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect(ok.statusCode).toBe(200);
    }
    t.clock.advance((t.config.jwt.ttlSeconds + 1) * 1000);
    const expired = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const again = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    t.clock.set(new Date());
    expect([expired.statusCode, again.statusCode]).toEqual([401, 401]);
    expect(expired.json().Message).toBe('JWT expired');
    expect(again.json().Message).toBe('JWT expired');
  });

  it('refuses a token whose signature was changed after a valid use of the original', async () => {
    const { token } = await t.login({ nationalId: norwegian, country: 'NO' });
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(`${header}.${payload}.${flipped}`),
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ CustomerID: 'x', Roles: [{ Name: 'Super' }] })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('nordloan')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setJti('forged')
      .sign(privateKey);
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('Invalid JWT');
  });

  it('refuses an unsigned alg:none token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      Roles: [{ Name: 'Super' }],
      iss: 'nordloan',
      iat: now,
      exp: now + 600,
      jti: 'none',
    })}.`;
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(unsigned) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token without exp, signed with the right key: JWT does not contain expiration', async () => {
    const noExpiry = await new SignJWT({ CustomerID: 'c', Roles: [{ Name: 'Customer' }] })
      .setProtectedHeader({ alg: 'ES256', kid: t.signingKey.kid })
      .setIssuer('nordloan')
      .setIssuedAt()
      .setJti('no-exp')
      .sign(t.signingKey.privateKey);
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(noExpiry) });
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('JWT does not contain expiration');
  });

  it('refuses a malformed Authorization header and a token that is not a JWT', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-jwt']) {
      const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json().Message).toBe('Invalid JWT');
    }
  });

  it('publishes the public key at /.well-known/jwks.json without the private part', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    const [key] = response.json().keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key.d).toBeUndefined();
  });

  it('gives staff a token with their roles', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/staff-login',
      payload: { name: 'Kari', roles: [{ Name: 'Sales', Country: 'NO' }] },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(response.json().token) });
    expect(me.json()).toEqual({ CustomerID: null, PersonID: null });
  });
});

describe('the development identity provider in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { env: 'production', devIdentityProvider: false } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 as if it did not exist', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId: makeTestNationalId('NO', '1985-04-12', 1), country: 'NO' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().Message).toBe('This page could not be found');
  });
});
