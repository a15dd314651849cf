import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { BrandApp } from '#src/app/app.tsx';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { routerInitialized } from '#src/app/router-initialized.ts';
import { brandRoutes } from '#src/app/routes.tsx';
import { brandPages } from '#src/brands/brand-pages.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { createQueryClient } from '#src/shared/api/query-client.ts';

// Build-time rendering of each brand's apply pages (issue 12 goal 3, ADRs 0040 and 0041): the same
// components the browser renders, run once per brand and apply path by scripts/prerender.mjs (in a jsdom
// window whose address is the page's), so that the HTML the API sends already shows the page's first view
// (header, heading, lead, the first step's form) before any script has run. The browser hydrates this
// markup when its own first render would be the same (main.tsx: nobody signed in, nothing remembered in
// the tab), so the tree here is the browser's exactly: the same providers, a router of the same kind
// (RouterProvider) and StrictMode, or React's generated ids would differ.

/** The address the pages are rendered at; the API puts the request's own origin in its place. */
export const PRERENDER_ORIGIN = 'https://nordloan-prerender.invalid';

/** The apply paths of the brand's main host: the pages worth sending pre-rendered. */
export function applyPaths(brand: BrandConfig): string[] {
  return brandPages(brand, 'main')
    .filter((page) => page.kind === 'apply')
    .map((page) => page.path);
}

/** The markup of #root for this brand's page at `path`, as the app's first render with no session. */
export async function renderPage(brand: BrandConfig, path: string): Promise<string> {
  const router = createMemoryRouter(brandRoutes(brand, false), { initialEntries: [path] });
  await routerInitialized(router);
  if (router.state.location.pathname !== path) throw new Error(`${brand.brand} ${path}: redirected`);
  const locale = brand.i18n.defaultLocale;
  try {
    return renderToString(
      <StrictMode>
        <BrandApp
          brand={brand}
          isMyPageHost={false}
          i18n={createI18n(locale, featureMessagesByLocale[locale])}
          queryClient={createQueryClient()}
          router={router}
        />
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
}

export { brands } from '@nordloan/domain/brands/registry';
