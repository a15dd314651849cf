import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type OidcProviderConfig } from '#src/config.ts';
import { type LocalEidProvider, startLocalEidProvider } from '#src/dev/eid-provider/local-eid-provider.ts';
import { testPeople } from '#src/dev/eid-provider/test-identities.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// The e-ID login (ADR 0029) against the real local provider (oidc-provider: the whole protocol), and
// against a hostile provider that answers ID tokens crafted to be wrong: each must be refused.

/**
 * A refused callback sends the browser back to a page with `#eid-error=…` (ADR 0039) and no token;
 * answers that page and the code.
 */
function refusal(answer: { statusCode: number; headers: Record<string, unknown> }) {
  expect(answer.statusCode).toBe(303);
  const page = new URL(String(answer.headers.location));
  const fragment = new URLSearchParams(page.hash.slice(1));
  expect(fragment.has('token')).toBe(false);
  return { page: `${page.origin}${page.pathname}`, code: fragment.get('eid-error') };
}

/** A browser's cookies for the provider's host (the provider keeps its interaction state in them). */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/** Follows the provider's redirects as a browser would, until one leaves for our callback. */
async function followToCallback(start: string, jar: ReturnType<typeof cookieJar>, form?: URLSearchParams) {
  let url = start;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 8; hop++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body?.toString(),
    });
    jar.store(response);
    body = undefined;
    if (response.status === 200 && form) {
      // The identity page: submit the login form.
      const html = await response.text();
      expect(html).toContain('data-testid="eid-identity-page"');
      url = new URL(`${new URL(url).pathname}/login`, url).href;
      body = form;
      continue;
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url);
    if (next.pathname === '/auth/oidc/callback') return next;
    url = next.href;
  }
  throw new Error('too many redirects');
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('e-ID login through the local provider', () => {
  let provider: LocalEidProvider;
  let t: TestApp;

  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test', LOCAL_EID_PROVIDER_PORT: '0' });
    provider = await startLocalEidProvider({ host: '127.0.0.1', port: 0, clients: base.oidc });
    const oidc = Object.fromEntries(
      Object.entries(base.oidc).map(([id, client]) => [
        id,
        { ...client, issuer: provider.issuers[id as keyof typeof provider.issuers] },
      ]),
    );
    t = await createTestApp({ config: { oidc } });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  // `remoteAddress`: the login rate limit counts per client address, and this file logs in a lot.
  async function start(
    path: string,
    host: string,
    body: Record<string, string>,
    token?: string,
    remoteAddress?: string,
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/auth/oidc/${path}/start`,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: { host, ...(token ? bearer(token) : {}) },
      payload: body,
    });
    const binding = /nordloan_oidc=([^;]*)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1];
    return { response, binding, authorizationUrl: response.json().authorizationUrl as string };
  }

  async function callback(
    callbackUrl: URL,
    host: string,
    binding: string | undefined,
    remoteAddress?: string,
  ) {
    return t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: { host, ...(binding ? { cookie: `nordloan_oidc=${binding}` } : {}) },
    });
  }

  async function loginAs(nationalId: string, country = 'no', host = 'no-main.localhost', token?: string) {
    const returnTo = `http://${host}/mine-tilbud`;
    const started = await start(country, host, { returnTo }, token);
    expect(started.response.statusCode).toBe(200);
    const jar = cookieJar();
    const callbackUrl = await followToCallback(
      started.authorizationUrl,
      jar,
      new URLSearchParams({ nationalId }),
    );
    return { ...started, jar, callbackUrl, host };
  }

  it('asks for the code flow with PKCE (S256), state, nonce, the e-ID acr and our callback', async () => {
    const { authorizationUrl, binding, response } = await start('no', 'no-main.localhost', {
      returnTo: 'http://no-main.localhost/mine-tilbud',
    });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(new URL(provider.issuers.NO).origin);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'nordloan-no',
      code_challenge_method: 'S256',
      redirect_uri: 'http://no-main.localhost/auth/oidc/callback',
      acr_values: 'urn:grn:authn:no:bankid:substantial',
      scope: 'openid profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)?.length).toBeGreaterThan(20);
    expect(binding?.length).toBeGreaterThan(20);
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it.each([
    ['no', 'no-main.localhost', 'NO', 'bankid-no'],
    ['se', 'se-main.localhost', 'SE', 'bankid-se'],
    ['fi', 'fi-main.localhost', 'FI', 'ftn'],
    ['dk', 'dk-main.localhost', 'DK', 'mitid'],
  ] as const)(
    'logs a %s person in and hands our token back in the fragment',
    async (path, host, country, providerName) => {
      const person = testPeople(country)[1]!;
      const login = await loginAs(person.nationalId, path, host);
      const answer = await callback(login.callbackUrl, host, login.binding);
      expect(answer.statusCode).toBe(303);
      const handBack = new URL(answer.headers.location as string);
      expect(`${handBack.origin}${handBack.pathname}`).toBe(`http://${host}/mine-tilbud`);
      const fragment = new URLSearchParams(handBack.hash.slice(1));
      expect(fragment.get('provider-name')).toBe(providerName);
      expect(fragment.get('auth-origin')).toBe('local');
      const token = fragment.get('token')!;
      expect(claimsOf(token)).toMatchObject({
        Roles: [{ Name: 'Person', Country: country }],
        iss: 'nordloan',
      });
      const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      // The same person as the development login finds for this national id: one person, one customer.
      const dev = await t.login({ nationalId: person.nationalId, country });
      expect(me.json()).toEqual({ CustomerID: dev.CustomerID, PersonID: dev.PersonID });
    },
  );

  it('refuses a tampered state', async () => {
    const login = await loginAs(testPeople('NO')[0]!.nationalId);
    const tampered = new URL(login.callbackUrl);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const answer = await callback(tampered, login.host, login.binding);
    // Unknown attempt, so no page of its own to go back to: the brand's personal page on this host.
    expect(refusal(answer)).toEqual({ page: 'http://no-main.localhost/mine-tilbud', code: 'expired' });
  });

  it('sends a cancelled login back to the page it started from, told it was cancelled', async () => {
    const [host, ip] = ['se-main.localhost', '10.0.0.39'];
    const cancelWith = async (error: string) => {
      const started = await start('se', host, { returnTo: `http://${host}/ansok` }, undefined, ip);
      const state = new URL(started.authorizationUrl).searchParams.get('state')!;
      const url = new URL(`http://${host}/auth/oidc/callback?error=${error}&state=${state}`);
      return callback(url, host, started.binding, ip);
    };
    expect(refusal(await cancelWith('access_denied'))).toEqual({
      page: `http://${host}/ansok`,
      code: 'cancelled',
    });
    // Any other provider error is a failed login.
    expect(refusal(await cancelWith('server_error')).code).toBe('failed');
  });

  it('the apply journey asks for a customer-scoped token (role Customer); staff logins have no such role', async () => {
    const [host, ip] = ['dk-main.localhost', '10.0.0.40'];
    const started = await start(
      'dk',
      host,
      { returnTo: `http://${host}/ansog`, role: 'Customer' },
      undefined,
      ip,
    );
    expect(started.response.statusCode).toBe(200);
    const nationalId = testPeople('DK')[0]!.nationalId;
    const callbackUrl = await followToCallback(
      started.authorizationUrl,
      cookieJar(),
      new URLSearchParams({ nationalId }),
    );
    const answer = await callback(callbackUrl, host, started.binding, ip);
    const token = new URLSearchParams(new URL(String(answer.headers.location)).hash.slice(1)).get('token')!;
    expect(claimsOf(token).Roles).toEqual([{ Name: 'Customer', Country: 'DK' }]);
    expect(claimsOf(token).CustomerID).toEqual(expect.any(String));
    const staffStart = { returnTo: 'http://backoffice.localhost/', role: 'Customer' };
    const staff = await start('staff', 'backoffice.localhost', staffStart, undefined, ip);
    expect(staff.response.statusCode).toBe(400);
  });

  it('refuses a callback from another browser (no or another binding cookie)', async () => {
    const login = await loginAs(testPeople('NO')[0]!.nationalId);
    expect(refusal(await callback(login.callbackUrl, login.host, undefined)).code).toBe('expired');
    // The attempt was spent by that try: the right browser cannot finish it any more either.
    expect(refusal(await callback(login.callbackUrl, login.host, login.binding)).code).toBe('expired');

    const other = await loginAs(testPeople('NO')[0]!.nationalId);
    expect(refusal(await callback(other.callbackUrl, other.host, login.binding)).code).toBe('expired');
  });

  it('refuses a replayed callback and a replayed code', async () => {
    const login = await loginAs(testPeople('NO')[2]!.nationalId);
    expect((await callback(login.callbackUrl, login.host, login.binding)).statusCode).toBe(303);
    // The same callback again: the state is used.
    expect(refusal(await callback(login.callbackUrl, login.host, login.binding)).code).toBe('expired');
    // The code under a fresh login's own state and binding: the provider refuses a code used once.
    const fresh = await start('no', login.host, { returnTo: 'http://no-main.localhost/mine-tilbud' });
    const replay = new URL(login.callbackUrl);
    replay.searchParams.set('state', new URL(fresh.authorizationUrl).searchParams.get('state')!);
    const answer = await callback(replay, login.host, fresh.binding);
    expect(refusal(answer)).toEqual({ page: 'http://no-main.localhost/mine-tilbud', code: 'failed' });
  });

  it("refuses a hand-back page that is not the brand's, another country's brand, or a made-up provider", async () => {
    for (const returnTo of [
      'https://evil.example/mine-tilbud',
      'http://se-main.localhost/mina-sidor',
      '/mine-tilbud',
      'javascript:alert(1)',
    ]) {
      const { response } = await start('no', 'no-main.localhost', { returnTo });
      expect(response.statusCode, returnTo).toBe(400);
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/oidc/xx/start',
      headers: { host: 'no-main.localhost' },
      payload: { returnTo: 'http://no-main.localhost/mine-tilbud' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('hands a login started on no-alt1 over to its personal-page host (auth origin global, aid kept)', async () => {
    const started = await start('no', 'no-alt1.localhost', {
      returnTo: 'http://mine.no-alt1.localhost/mine-tilbud?aid=2f1d6c4e-0000-4000-8000-000000000001#old',
    });
    expect(started.response.statusCode).toBe(200);
    const callbackUrl = await followToCallback(
      started.authorizationUrl,
      cookieJar(),
      new URLSearchParams({ nationalId: testPeople('NO')[0]!.nationalId }),
    );
    const answer = await callback(callbackUrl, 'no-alt1.localhost', started.binding);
    const handBack = new URL(answer.headers.location as string);
    expect(handBack.host).toBe('mine.no-alt1.localhost');
    // §2 cross-domain: the application id rides along in the query; the old fragment is replaced.
    expect(handBack.searchParams.get('aid')).toBe('2f1d6c4e-0000-4000-8000-000000000001');
    expect(handBack.hash).not.toContain('old');
    expect(new URLSearchParams(handBack.hash.slice(1)).get('auth-origin')).toBe('global');
  });

  it('links an anonymous sign-up customer to the person at their first e-ID login', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms',
      headers: { host: 'no-main.localhost' },
      payload: { Brand: 'no-main', Email: 'first.login@example.no' },
    });
    expect(signUp.statusCode).toBe(201);
    const anonymous = signUp.json();
    const newcomer = makeTestNationalId('NO', '1993-02-17', 7);
    const login = await loginAs(newcomer, 'no', 'no-main.localhost', anonymous.JWT);
    const answer = await callback(login.callbackUrl, login.host, login.binding);
    const token = new URLSearchParams(new URL(answer.headers.location as string).hash.slice(1)).get('token')!;
    expect(claimsOf(token).CustomerID).toBe(anonymous.CustomerID);
    // No second customer: the development login finds the same record for the person.
    const again = await t.login({ nationalId: newcomer, country: 'NO' });
    expect(again.CustomerID).toBe(anonymous.CustomerID);
    expect(again.PersonID).toBe(claimsOf(token).PersonID);
  });

  it('signs staff in through the staff provider with the directory roles', async () => {
    const started = await start('staff', 'backoffice.localhost', {
      returnTo: 'http://backoffice.localhost/',
    });
    expect(started.response.statusCode).toBe(200);
    const callbackUrl = await followToCallback(
      started.authorizationUrl,
      cookieJar(),
      new URLSearchParams({ employeeId: 'emp-0001' }),
    );
    const answer = await callback(callbackUrl, 'backoffice.localhost', started.binding);
    expect(answer.statusCode).toBe(303);
    const fragment = new URLSearchParams(new URL(answer.headers.location as string).hash.slice(1));
    expect(fragment.get('provider-name')).toBe('staff');
    const claims = claimsOf(fragment.get('token')!);
    expect(claims.Roles).toEqual([
      { Name: 'Sales', Country: 'NO' },
      { Name: 'SecuredSales', Country: 'NO' },
    ]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/backoffice/me',
      headers: bearer(fragment.get('token')!),
    });
    expect(me.statusCode).toBe(200);
    // A staff login hands back to the back office only.
    for (const returnTo of ['http://no-main.localhost/', 'http://backoffice.evil.example/']) {
      const elsewhere = await start('staff', 'backoffice.localhost', { returnTo });
      expect(elsewhere.response.statusCode, returnTo).toBe(400);
    }
  });

  it('a disabled agent goes back to the back office with the reason, not to JSON', async () => {
    const signIn = async () => {
      const returnTo = { returnTo: 'http://backoffice.localhost/' };
      const started = await start('staff', 'backoffice.localhost', returnTo, undefined, '10.0.0.41');
      expect(started.response.statusCode, started.response.body).toBe(200);
      const callbackUrl = await followToCallback(
        started.authorizationUrl,
        cookieJar(),
        new URLSearchParams({ employeeId: 'emp-0001' }),
      );
      return callback(callbackUrl, 'backoffice.localhost', started.binding, '10.0.0.41');
    };
    const first = await signIn();
    const agentId = claimsOf(
      new URLSearchParams(new URL(first.headers.location as string).hash.slice(1)).get('token')!,
    ).sub;
    expect(agentId).toBeTruthy();
    await t.database.withSession((session) =>
      session.query('UPDATE agent SET disabled = true WHERE id = $1', [agentId]),
    );
    const refused = await signIn();
    expect(refused.statusCode).toBe(303);
    const back = new URL(refused.headers.location as string);
    expect(back.origin + back.pathname).toBe('http://backoffice.localhost/');
    expect(new URLSearchParams(back.hash.slice(1)).get('eid-error')).toBe('refused');
    expect(back.hash).not.toContain('token');
    await t.database.withSession((session) =>
      session.query('UPDATE agent SET disabled = false WHERE id = $1', [agentId]),
    );
  });
});

// ── A hostile provider: everything right except one thing in the ID token ──────────────────────────

interface IdTokenShape {
  aud?: string;
  nonce?: string;
  expiresIn?: number;
  signWithOtherKey?: boolean;
}

async function startHostileProvider() {
  const key = await generateKeyPair('RS256', { extractable: true });
  const otherKey = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let next: { nonce: string; shape: IdTokenShape } | undefined;
  const server: Server = createServer(async (request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hostile`;
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/hostile/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (request.url === '/hostile/jwks') return json({ keys: [publicJwk] });
    if (request.url === '/hostile/token' && next) {
      const { nonce, shape } = next;
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        nonce: shape.nonce ?? nonce,
        national_id: makeTestNationalId('NO', '1980-05-05', 2),
        country: 'NO',
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject('hostile-subject')
        .setAudience(shape.aud ?? 'nordloan-no')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now + (shape.expiresIn ?? 300))
        .sign(shape.signWithOtherKey ? otherKey.privateKey : key.privateKey);
      return json({ access_token: 'opaque', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hostile`,
    answerNext(nonce: string, shape: IdTokenShape) {
      next = { nonce, shape };
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

describe('e-ID login: ID tokens that must be refused', () => {
  let hostile: Awaited<ReturnType<typeof startHostileProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    hostile = await startHostileProvider();
    const client: OidcProviderConfig = {
      issuer: hostile.issuer,
      clientId: 'nordloan-no',
      clientSecret: 'hostile-test-secret',
      scopes: 'openid profile',
      acrValues: '',
    };
    t = await createTestApp({ config: { oidc: { NO: client } } });
  });
  afterAll(async () => {
    await t?.close();
    await hostile?.close();
  });

  async function callbackWith(shape: IdTokenShape) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/oidc/no/start',
      headers: { host: 'no-main.localhost' },
      payload: { returnTo: 'http://no-main.localhost/mine-tilbud' },
    });
    expect(started.statusCode).toBe(200);
    const binding = /nordloan_oidc=([^;]*)/.exec(String(started.headers['set-cookie']))![1]!;
    const authorizationUrl = new URL(started.json().authorizationUrl);
    hostile.answerNext(authorizationUrl.searchParams.get('nonce')!, shape);
    const state = authorizationUrl.searchParams.get('state')!;
    return t.app.inject({
      method: 'GET',
      url: `/auth/oidc/callback?code=some-code&state=${encodeURIComponent(state)}`,
      headers: { host: 'no-main.localhost', cookie: `nordloan_oidc=${binding}` },
    });
  }

  it('accepts the ID token when everything is right (so the refusals below are about the one flaw)', async () => {
    const answer = await callbackWith({});
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(/#token=/);
  });

  it.each([
    ['a wrong nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['a wrong audience', { aud: 'some-other-client' }],
    ['an expired ID token', { expiresIn: -3600 }],
    ["a signature not from the provider's JWKS", { signWithOtherKey: true }],
  ] as const)('refuses %s', async (_case, shape) => {
    const answer = await callbackWith(shape);
    expect(refusal(answer).code).toBe('failed');
  });
});

describe('e-ID login where no provider is configured (production without OIDC_* variables)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { oidc: {} } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to a start, and 400 to a callback nobody started on a host that is no brand', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/oidc/no/start',
      headers: { host: 'no-main.localhost' },
      payload: { returnTo: 'http://no-main.localhost/mine-tilbud' },
    });
    expect(started.statusCode).toBe(404);
    const callback = await t.app.inject({ method: 'GET', url: '/auth/oidc/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(400);
  });
});
