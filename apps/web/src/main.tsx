import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { brandIds } from '@nordloan/domain/brands/brand-ids';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '#src/app/styles.css';
import '#src/brands/fonts.ts';
import { BrandApp } from '#src/app/app.tsx';
import { loadLocaleMessages } from '#src/app/locale-messages.ts';
import { attachI18n } from '#src/app/page-messages.ts';
import { routerInitialized } from '#src/app/router-initialized.ts';
import { brandRoutes } from '#src/app/routes.tsx';
import { loadBrand, resolveSite } from '#src/app/runtime.ts';
import { applyBrandToDocument } from '#src/brands/theme.ts';
import { createI18nFromMessages } from '#src/i18n/i18n-instance.ts';
import { readAndCleanStartParameters, type StartParameters } from '#src/session/start-params.ts';
import { createQueryClient } from '#src/shared/api/query-client.ts';
import { configureServiceUrls, defaultServiceUrls } from '#src/shared/api/service-urls.ts';
import { initErrorTracking, type TrackingEnvironment } from '#src/shared/tracking/error-tracking.ts';
import { setFlowEventBrand } from '#src/shared/tracking/flow-events.ts';

// Start-up order matters: the start parameters are read (and credentials removed from the address bar)
// before anything renders, and the brand's theme and language are on <html> before the first paint.

const container = document.getElementById('root')!;
const site = resolveSite(window.location.host);

if (site.kind === 'brand-index') {
  document.documentElement.lang = 'en';
  document.title = 'nordloan — brands';
  // §2 "On a local host all start parameters are ignored" (and §4: no authentication is attempted).
  // Its own chunk: brand sites never need it.
  void Promise.all([
    import('#src/app/routes/brand-index-page.tsx'),
    Promise.all(brandIds.map(loadBrand)),
  ]).then(([{ BrandIndexPage }, brands]) =>
    createRoot(container).render(
      <StrictMode>
        <BrandIndexPage brands={brands} />
      </StrictMode>,
    ),
  );
} else {
  const { brandId, isMyPageHost } = site;
  const startParams = readAndCleanStartParameters(window, { isLocalHost: false });
  configureServiceUrls(defaultServiceUrls(window.location.origin, import.meta.env));
  // The brand's configuration is a chunk of its own (issue 40, ADR 0086); the HTML already has its colours.
  void loadBrand(brandId).then((brand) => startBrandSite(brand, isMyPageHost, startParams));
}

function startBrandSite(brand: BrandConfig, isMyPageHost: boolean, startParams: StartParameters) {
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

  // The HTML may already show the page's first view, rendered at build time (app/prerender.tsx) and
  // `inert` until the app listens. The app hydrates it when its own first render is that view: no start
  // parameters and nothing kept in this tab (a session, a remembered draft, an active application), the
  // state the build rendered in. Otherwise the first render replaces it. Either way the render waits until
  // the router has the matched page's chunk and the texts are in, so that it is the same page at once,
  // never the empty screen the router shows while a page loads.
  const hydrate = container.hasAttribute('data-first-view') && rendersAsBuilt(startParams);
  // And until the brand font is in: text first painted in the fallback font and replaced in the web font
  // takes more room, which the browser counts as a new, later largest paint (issue 12 goal 3).
  const fontsReady = document.fonts?.ready ?? Promise.resolve();
  // After the first commit (hydrated or replaced), the page is the app's: usable.
  const onReady = () => {
    container.removeAttribute('inert');
    container.removeAttribute('data-first-view');
  };
  void Promise.all([messages, routerInitialized(router), fontsReady]).then(([{ shared, features }]) => {
    const i18n = createI18nFromMessages(locale, shared, features);
    // The personal pages' texts, when the first page is one of them, arrived with its chunk (page-messages.ts).
    attachI18n(i18n);
    const app = (
      <StrictMode>
        <BrandApp
          brand={brand}
          isMyPageHost={isMyPageHost}
          i18n={i18n}
          queryClient={queryClient}
          router={router}
          onReady={onReady}
        />
      </StrictMode>
    );
    // In a task of its own: the page's chunk has just been evaluated (its schemas built) in the task that
    // resolved the wait, and one long task is what a phone cannot answer a tap in (issue 12: total blocking
    // time). As a transition, so that a renderer that can slice the render does (Preact renders at once).
    // The painted view stays in place meanwhile.
    setTimeout(() =>
      startTransition(() => {
        if (hydrate) hydrateRoot(container, app);
        else createRoot(container).render(app);
      }),
    );
  });
}

/** Whether the app's first render is the build's (no session, no draft, nothing handed over). */
function rendersAsBuilt(startParams: StartParameters): boolean {
  const handedOver = Object.values(startParams).some((value) => value !== null && value !== false);
  try {
    return !handedOver && window.sessionStorage.length === 0;
  } catch {
    return false; // storage refused: what the tab keeps is unknown, so the safe choice, a fresh render
  }
}
