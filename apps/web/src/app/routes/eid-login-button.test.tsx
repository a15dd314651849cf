import { brands } from '@nordloan/domain/brands/registry';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eidLoginOutcomeStore } from '#src/session/eid-login-outcome.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { renderBrand } from '#src/test/render-brand.tsx';

// The personal page's login (ADR 0029): the e-ID button asks the API to start the OpenID Connect login
// for the brand's country and brand, to come back to this page; a failed start says so.

beforeEach(() => {
  configureServiceUrls({ api: 'http://api.test' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServiceUrls();
  sessionStorage.clear();
  eidLoginOutcomeStore.getState().setError(null);
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the e-ID login button on the personal page', () => {
  it('dk-main: "Log ind med MitID" starts the login for Denmark and this page', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { authorizationUrl: 'http://localhost:3001/dk/auth?x=1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom cannot leave the page; the navigation itself is the browser's (e2e/oidc-login.e2e.ts).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBrand(brands['dk-main'], '/mypage');
    fireEvent.click(await screen.findByRole('button', { name: 'Log ind med MitID' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/auth/oidc/dk/start');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      returnTo: `${window.location.origin}${window.location.pathname}`,
      brand: 'dk-main',
    });
  });

  it('no-main: a start the API refuses shows the error in Norwegian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { Message: 'The identity provider is not available' })),
    );
    renderBrand(brands['no-main'], '/mine-tilbud');
    fireEvent.click(await screen.findByRole('button', { name: 'Logg inn med BankID' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vi fikk ikke startet innloggingen. Prøv igjen.',
    );
  });

  it('dk-main: a login that came back failed says so in Danish; pressing the button again clears it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { authorizationUrl: 'http://localhost:3001/fi/auth?x=1' })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    eidLoginOutcomeStore.getState().setError('failed');
    renderBrand(brands['dk-main'], '/mypage');
    expect((await screen.findByTestId('eid-login-error')).textContent).toBe(
      'Vi kunne ikke bekræfte login med MitID. Prøv igen.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log ind med MitID' }));
    await waitFor(() => expect(screen.queryByTestId('eid-login-error')).toBeNull());
  });
});
