import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapSession } from '#src/app/session-bootstrap.ts';
import { createApplicationSessionStore } from '#src/session/active-application.ts';
import { createAuthStore } from '#src/session/auth-store.ts';
import { emptyStartParameters } from '#src/session/start-params.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { customerRecord, loanApplicationRecord, personRecord } from '#src/test/records.ts';
import { customerToken, personToken } from '#src/test/tokens.ts';

// The session layer wired to the real request functions: which calls the page start makes.

const jwt = customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 });
const application = loanApplicationRecord({
  ID: 'app-9',
  Product: 'CreditCard',
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-02T00:00:00Z',
});
const calls: string[] = [];
const routes: Record<string, { status?: number; body: unknown }> = {};

beforeEach(() => {
  calls.length = 0;
  for (const key of Object.keys(routes)) delete routes[key];
  sessionStorage.clear();
  configureServiceUrls({ api: 'http://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method} ${url.replace('http://api.test', '')}`;
      calls.push(key);
      const route = routes[key] ?? { status: 404, body: { Message: 'This page could not be found' } };
      return new Response(JSON.stringify(route.body), {
        status: route.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServiceUrls();
});

const setup = () => ({
  queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  store: createAuthStore(),
  appSession: createApplicationSessionStore(),
});

describe('page start', () => {
  it('a magic link: the magic token resolves to an application id, is exchanged for a JWT, and the application becomes active', async () => {
    routes['GET /loan-application/magic/m-1'] = { body: { ID: 'app-9' } };
    routes['POST /auth/magic-token'] = { body: { JWT: jwt, CustomerID: 'cust-1', PersonID: 'pers-1' } };
    routes['GET /loan-application/app-9'] = { body: application };
    routes['GET /customer/cust-1'] = { body: customerRecord() };
    routes['GET /person/pers-1'] = { body: personRecord() };
    const { queryClient, store, appSession } = setup();
    const outcome = await bootstrapSession({
      startParams: { ...emptyStartParameters, magicToken: 'm-1' },
      isLocalHost: false,
      queryClient,
      store,
      appSession,
    });
    expect(outcome.status).toBe('authenticated');
    expect(store.getState()).toMatchObject({
      token: jwt,
      authMethod: 'app-magic-token',
      customerId: 'cust-1',
    });
    expect(appSession.getState().activeApplications.CreditCard).toEqual({
      id: 'app-9',
      mode: 'edit',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
    });
    expect(store.getState().customerRequest.status).toBe('success');
    expect(store.getState().personRequest.status).toBe('success');
  });

  it('an idp login asks GET /auth/me with the token and loads the person (not the customer: unscoped)', async () => {
    const token = personToken({ exp: Math.floor(Date.now() / 1000) + 3600 });
    routes['GET /auth/me'] = { body: { CustomerID: 'cust-1', PersonID: 'pers-1' } };
    routes['GET /person/pers-1'] = { body: personRecord() };
    const { queryClient, store, appSession } = setup();
    await bootstrapSession({
      startParams: {
        ...emptyStartParameters,
        accessToken: token,
        accessTokenSource: 'hash',
        providerName: 'dev',
      },
      isLocalHost: false,
      queryClient,
      store,
      appSession,
    });
    expect(calls).toEqual(['GET /auth/me', 'GET /person/pers-1']);
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(store.getState()).toMatchObject({ role: 'person', isUnscoped: true, authMethod: 'idp' });
  });

  it('a 401 from the identity check: a warning, and no login', async () => {
    routes['GET /auth/me'] = { status: 401, body: { Message: 'Missing token' } };
    const { queryClient, store, appSession } = setup();
    const outcome = await bootstrapSession({
      startParams: {
        ...emptyStartParameters,
        accessToken: jwt,
        accessTokenSource: 'hash',
        providerName: 'dev',
      },
      isLocalHost: false,
      queryClient,
      store,
      appSession,
    });
    expect(outcome.status).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith(
      'Authentication (idp) failed: Failed to GET /auth/me; Error: 401: Missing token',
    );
    expect(store.getState().token).toBeNull();
  });

  it('traffic=internal marks the session as internal', async () => {
    const { queryClient, store, appSession } = setup();
    await bootstrapSession({
      startParams: { ...emptyStartParameters, isInternal: true },
      isLocalHost: false,
      queryClient,
      store,
      appSession,
    });
    expect(store.getState().isInternal).toBe(true);
    expect(calls).toEqual([]);
  });

  it('on a local host nothing is called', async () => {
    const { queryClient, store, appSession } = setup();
    await bootstrapSession({
      startParams: { ...emptyStartParameters, magicToken: 'm' },
      isLocalHost: true,
      queryClient,
      store,
      appSession,
    });
    expect(calls).toEqual([]);
  });
});
