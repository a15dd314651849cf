import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '#src/app/styles.css';
import '#src/brands/fonts.ts';
import { BrandApp } from '#src/app/app.tsx';
import { loadLocaleMessages } from '#src/app/locale-messages.ts';
import { brandRoutes } from '#src/app/routes.tsx';
import { resolveSite } from '#src/app/runtime.ts';
import { applyBrandToDocument } from '#src/brands/theme.ts';
import { createI18nFromMessages } from '#src/i18n/i18n-instance.ts';
import { readAndCleanStartParameters } from '#src/session/start-params.ts';
import { createQueryClient } from '#src/shared/api/query-client.ts';
import { configureServiceUrls, defaultServiceUrls } from '#src/shared/api/service-urls.ts';
import { initErrorTracking, type TrackingEnvironment } from '#src/shared/tracking/error-tracking.ts';
import { setFlowEventBrand } from '#src/shared/tracking/flow-events.ts';

// Start-up order matters: the start parameters are read (and credentials removed from the address bar)
// before anything renders, and the brand's theme and language are on <html> before the first paint.

const root = createRoot(document.getElementById('root')!);
const site = resolveSite(window.location.host);

if (site.kind === 'brand-index') {
  document.documentElement.lang = 'en';
  document.title = 'nordloan — brands';
  // §2 "On a local host all start parameters are ignored" (and §4: no authentication is attempted).
  // Its own chunk: brand sites never need it.
  void import('#src/app/routes/brand-index-page.tsx').then(({ BrandIndexPage }) =>
    root.render(
      <StrictMode>
        <BrandIndexPage />
      </StrictMode>,
    ),
  );
} else {
  const { brand, isMyPageHost } = site;
  const startParams = readAndCleanStartParameters(window, { isLocalHost: false });
  configureServiceUrls(defaultServiceUrls(window.location.origin, import.meta.env));
  const environment = (import.meta.env.VITE_ERROR_TRACKING_ENV ??
    (import.meta.env.PROD ? 'production' : 'development')) as TrackingEnvironment;
  void initErrorTracking({ dsn: import.meta.env.VITE_SENTRY_DSN, environment, brand: brand.brand });
  setFlowEventBrand(brand.brand);
  applyBrandToDocument(brand);
  document.title = brand.name;

  const queryClient = createQueryClient();
  const locale = brand.i18n.defaultLocale;
  // Only the brand's language, fetched beside the entry script (the HTML preloads it).
  const messages = loadLocaleMessages(locale);
  const router = createBrowserRouter(brandRoutes(brand, isMyPageHost));
  // Sign-in at page load runs beside the first render, never before it; its calls and response schemas
  // (zod) are a chunk of their own so that they do not delay the first view (issue 12).
  void import('#src/app/session-bootstrap.ts').then(({ bootstrapSession }) =>
    bootstrapSession({ startParams, isLocalHost: false, queryClient }),
  );

  // The HTML may already show the page's first view, rendered at build time (app/prerender.tsx). The first
  // render replaces it, so it waits until the router has the matched page's chunk and the texts are in:
  // the page is swapped for the same page at once, never for the empty screen the router shows while a
  // page loads.
  const routerReady = new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
  // And until the brand font is in: text first painted in the fallback font and replaced in the web font
  // takes more room, which the browser counts as a new, later largest paint (issue 12 goal 3).
  const fontsReady = document.fonts?.ready ?? Promise.resolve();
  void Promise.all([messages, routerReady, fontsReady]).then(([{ shared, features }]) =>
    root.render(
      <StrictMode>
        <BrandApp
          brand={brand}
          isMyPageHost={isMyPageHost}
          i18n={createI18nFromMessages(locale, shared, features)}
          queryClient={queryClient}
          router={router}
        />
      </StrictMode>,
    ),
  );
}
