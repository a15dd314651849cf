import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { BrandApp } from '#src/app/app.tsx';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { brandRoutes } from '#src/app/routes.tsx';
import { brandPages } from '#src/brands/brand-pages.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { createQueryClient } from '#src/shared/api/query-client.ts';

// Build-time rendering of each brand's apply pages (issue 12 goal 3, ADR 0040): the same components the
// browser renders, run once per brand and apply path by scripts/prerender.mjs (in a jsdom window whose
// address is the page's), so that the HTML the API sends already shows the page's first view (header,
// heading, lead, the first step's form) before any script has run. The browser does not hydrate this
// markup; the app replaces it on its first render (main.tsx), so a difference between the two (a signed-in
// applicant, a remembered draft) cannot cause a hydration mismatch.

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
  const routes = brandRoutes(brand, false);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${PRERENDER_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error(`${brand.brand} ${path}: redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const locale = brand.i18n.defaultLocale;
  return renderToString(
    <BrandApp
      brand={brand}
      isMyPageHost={false}
      i18n={createI18n(locale, featureMessagesByLocale[locale])}
      queryClient={createQueryClient()}
      routing={<StaticRouterProvider router={router} context={context} hydrate={false} />}
    />,
  );
}

export { brands } from '@nordloan/domain/brands/registry';
