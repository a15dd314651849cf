import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patchApplication } from '#src/features/apply/api/patch-application.ts';
import { authStore } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { customerToken } from '#src/test/tokens.ts';

// The one client for PATCH /loan-application/{id} (the second one, unused, is gone): §7 conflict bodies.

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, value: unknown, statusText = '') =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(value), {
      status,
      statusText,
      headers: { 'content-type': 'application/json' },
    }),
  );
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({ api: 'https://api.test' });
  const result = authStore.getState().setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  if (!result.ok) throw result.error;
});
afterEach(() => {
  authStore.getState().unsetAuth();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

describe('PATCH /loan-application/{id} (§7)', () => {
  it('a 403 answered with applicationIDs throws that body', async () => {
    json(403, { applicationIDs: ['app-0'], Message: 'An active application exists' });
    await expect(patchApplication('app-1', { Amount: 1 })).rejects.toEqual({
      applicationIDs: ['app-0'],
      Message: 'An active application exists',
    });
  });

  it('a 403 without applicationIDs is an ordinary error', async () => {
    json(403, { Message: 'no' }, 'Forbidden');
    await expect(patchApplication('app-1', {})).rejects.toThrow(
      'Error patching https://api.test/loan-application/app-1: 403 Forbidden no',
    );
  });

  it('sends the tab token and the body', async () => {
    json(403, { applicationIDs: [] });
    await patchApplication('app-1', { Amount: 5 }).catch(() => undefined);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.test/loan-application/app-1');
    expect(JSON.parse(String(init?.body))).toEqual({ Amount: 5 });
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
  });
});
