// After `vite build`: renders every brand's apply pages with the app's own components (src/app/prerender.tsx,
// built here for Node) and writes dist/.vite/prerender.json, `{ [brandId]: { [path]: markup of #root } }`,
// which the API puts into the HTML it sends for those pages (apps/api/src/plugins/web-app.ts). Issue 12
// goal 3 and ADR 0040: the first view paints before the script runs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const webRoot = resolve(import.meta.dirname, '..');
const outDir = join(webRoot, 'dist-prerender');

await build({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  // Bundled, not loaded from node_modules: the libraries' `react` imports must meet the same alias to
  // preact/compat as in the browser build (vite.config.ts), or the markup would not be the hydrated one.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
  },
});

// The components read window, document and storage as in the browser; the window's address is set per
// page. Its host is a placeholder the API replaces with the request's host.
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'https://nordloan-prerender.invalid/',
  pretendToBeVisual: true,
});
const globals = {
  window: dom.window,
  document: dom.window.document,
  localStorage: dom.window.localStorage,
  sessionStorage: dom.window.sessionStorage,
  location: dom.window.location,
  navigator: dom.window.navigator,
};
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/**
 * The browser hydrates this markup, so it is sent exactly as rendered. A style attribute cannot be: the
 * page's CSP (style-src by hash) refuses it in HTML, and hydration would not put it back. Such a page is
 * sent without its first view.
 */
function forStaticPaint(markup) {
  const style = / style="[^"]*"/.exec(markup);
  if (style) throw new Error(`a style attribute cannot be in the first view:${style[0]}`);
  return markup;
}

try {
  const { brands, applyPaths, renderPage, PRERENDER_ORIGIN } = await import(
    pathToFileURL(join(outDir, 'prerender.js')).href
  );
  const pages = {};
  for (const brand of Object.values(brands)) {
    pages[brand.brand] = {};
    for (const path of applyPaths(brand)) {
      dom.reconfigure({ url: `${PRERENDER_ORIGIN}${path}` });
      try {
        pages[brand.brand][path] = forStaticPaint(await renderPage(brand, path));
      } catch (error) {
        // A page that cannot render outside the browser is sent without its first view (it still works,
        // only paints later); the build goes on, and the API test of every apply page fails on it.
        console.warn(`prerender: ${brand.brand} ${path} skipped: ${error?.stack ?? error}`);
      }
    }
  }
  mkdirSync(join(webRoot, 'dist/.vite'), { recursive: true });
  writeFileSync(join(webRoot, 'dist/.vite/prerender.json'), JSON.stringify(pages));
  const count = Object.values(pages).reduce((sum, paths) => sum + Object.keys(paths).length, 0);
  console.log(`prerendered ${count} apply pages of ${Object.keys(pages).length} brands`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
// The rendered apps leave timers behind (the query cache's garbage collection, five minutes).
process.exit(0);
