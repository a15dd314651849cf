import { brands } from '@nordloan/domain/brands/registry';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '#src/app/error-pages.tsx';
import { SiteLayout } from '#src/app/site-layout.tsx';
import { messagesByLocale } from '#src/i18n/i18n.ts';
import { renderBrand } from '#src/test/render-brand.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const brand = brands['no-main'];
const nb = messagesByLocale['nb-NO'];

function routesThrowing(what: unknown): RouteObject[] {
  return [
    {
      path: '/',
      element: <SiteLayout />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          // A loader, as statuses reach a route as thrown Responses (react-router's ErrorResponse).
          children: [{ path: 'boom', element: <p />, loader: () => Promise.reject(what) }],
        },
      ],
    },
  ];
}

const renderThrowing = (what: unknown) => renderBrand(brand, '/boom', { routes: routesThrowing(what) });

describe('§2 error pages', () => {
  it("404 'This page could not be found' for an unknown path, explained in the brand's language", async () => {
    renderBrand(brand, '/finnes-ikke');
    const title = await screen.findByRole('heading', { level: 1, name: 'This page could not be found' });
    expect(title.getAttribute('lang')).toBe('en');
    expect(screen.getByText(nb.errors.description['404'])).toBeTruthy();
    expect(screen.getByRole('link', { name: nb.errors.backHome })).toBeTruthy();
  });

  for (const [status, title] of [
    [400, 'Bad Request'],
    [404, 'This page could not be found'],
    [405, 'Method Not Allowed'],
    [500, 'Internal Server Error'],
  ] as const) {
    it(`${status} '${title}'`, async () => {
      renderThrowing(new Response(null, { status }));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    });
  }

  it("any other status: 'An unexpected error has occurred'", async () => {
    renderThrowing(new Response(null, { status: 418 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'An unexpected error has occurred' }),
    ).toBeTruthy();
    expect(screen.getByText(nb.errors.description.unexpected)).toBeTruthy();
  });

  it('401 → the unauthorized fallback, translated', async () => {
    renderThrowing(new Response(null, { status: 401 }));
    expect(await screen.findByRole('heading', { level: 1, name: nb.errors.unauthorizedTitle })).toBeTruthy();
  });

  it('403 → the forbidden fallback, translated', async () => {
    renderThrowing(new Response(null, { status: 403 }));
    expect(await screen.findByRole('heading', { level: 1, name: nb.errors.forbiddenTitle })).toBeTruthy();
  });

  it("a thrown exception → 'Application error: a client-side exception has occurred', logged as a flow event", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.dataLayer = [];
    renderThrowing(new Error('kaboom'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Application error: a client-side exception has occurred',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: nb.errors.reload })).toBeTruthy();
    // Reported from an effect, which Preact runs after the next paint.
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({ event: 'unhandled-error', brand: null, message: 'kaboom' }),
    );
  });

  it('error pages keep the brand header and footer', async () => {
    renderBrand(brand, '/finnes-ikke');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('site-footer').textContent).toContain(brand.organisation.name);
  });
});
