import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { BrandConfig, BrandPathPurpose } from '@nordloan/domain/brands/brand-config.schema';
import { brandPathList, isLocalHost } from '@nordloan/domain/brands/resolve-brand';
import { fontFileSlugs, themeVariables } from '@nordloan/domain/brands/theme-variables';
import { approvalOddsPathOf } from '@nordloan/domain/lending/approval-odds-path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** Answers an HTML page request with the single-page app (it routes and renders 404s itself). */
  servePage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>nordloan</title></head>
<body><main><h1>nordloan API is running</h1><p>The web app is not built yet: run <code>npm run build</code>
(<code>npm start</code> does it for you).</p><p>API documentation: <a href="/docs">/docs</a></p></main></body></html>`;

function pagePath(request: FastifyRequest): string {
  return (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
}

/**
 * Whether the single-page app has a page at this path for the request's brand (its front page or a path of
 * its path style, §2), so that unknown paths answer HTTP 404 while the app renders its own 404 page.
 */
export function isKnownPage(request: FastifyRequest): boolean {
  const path = pagePath(request);
  if (path === '/') return true;
  if (isLocalHost(request.headers.host ?? '')) return false;
  const { brand, isMyPageHost } = request.brand;
  if (!isMyPageHost && path === approvalOddsPathOf(brand)) return true; // ADR 0074
  return brandPathList(brand, { host: isMyPageHost ? 'myPage' : 'main' }).includes(path);
}

// ─── The build's manifest: which chunk a page needs ─────────────────────────────────────────────────────

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazily loaded route module (apps/web/src/app/routes.tsx) that renders a page of this purpose; the
 * front page when the path is '/'. Its chunk is preloaded from the HTML, so the browser fetches it together
 * with the entry script instead of after it has run.
 */
function routeModuleFor(purpose: BrandPathPurpose | 'home'): string {
  if (purpose === 'home') return 'src/app/routes/home-page.tsx';
  if (purpose === 'applyInsurance') return 'src/app/routes/insurance-page.tsx';
  if (purpose.startsWith('myPage')) return 'src/app/routes/my-page.tsx';
  return 'src/app/routes/apply-page.tsx';
}

/** Every file a chunk needs (its own and its static imports', depth first), without those already loaded. */
function chunkFiles(manifest: Manifest, key: string, skip: Set<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    if (!skip.has(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!skip.has(file)) css.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

// ─── The HTML shell per brand ───────────────────────────────────────────────────────────────────────────

interface Shell {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** CSP sources of the inline <style> elements: the brand's variables and the inlined style sheets. */
  styleHashes: string[];
  /** CSP sources of the inline <script> elements: the after-first-paint loader on a page with a first view. */
  scriptHashes: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface ShellInput {
  template: string;
  brand: BrandConfig;
  fontFile: string | undefined;
  preload: { js: string[]; css: string[] };
  /** The page's first view, rendered at build time (apps/web/scripts/prerender.mjs), for #root. */
  firstView?: string | undefined;
  /** The build's style sheets by file ('assets/x.css'): those the page links are put into the HTML. */
  styleSheets?: ReadonlyMap<string, string>;
}

/** Where the build rendered the pages (apps/web/src/app/prerender.tsx, PRERENDER_ORIGIN). */
const PRERENDER_HOST = 'nordloan-prerender.invalid';

/**
 * The build-time markup with the request's origin in place of the rendering's placeholder: links to the
 * brand's separate personal-page host (`mine.<host>`, brand-pages.ts myPageHref) name the real host.
 */
export function withRequestOrigin(markup: string, protocol: string, host: string): string {
  if (!markup.includes(PRERENDER_HOST)) return markup;
  host = escapeHtml(host);
  return markup.replace(
    /https:\/\/(mine\.)?nordloan-prerender\.invalid/g,
    (_match, mine: string | undefined) =>
      mine ? `${protocol}://mine.${host.replace(/^www\./, '')}` : `${protocol}://${host}`,
  );
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * On a page whose first view is in the HTML: loads the app's modules once that view is painted (after
 * the parse, the next frame and a task), so that its ≈ 240 kB of script neither shares the network with
 * what the first paint needs nor runs before it (ADR 0041). The first is the entry, the rest are
 * preloaded; they are listed in the element's `data-modules`, so the text, and its CSP hash, never change.
 */
export const AFTER_PAINT_LOADER = `(function(e){var m=e.getAttribute('data-modules').split(' ');function go(){requestAnimationFrame(function(){setTimeout(function(){m.forEach(function(f,i){var l=document.createElement(i?'link':'script');if(i){l.rel='modulepreload';l.href=f}else{l.type='module';l.src=f}l.crossOrigin='';document.head.appendChild(l)})})})}document.readyState==='loading'?document.addEventListener('DOMContentLoaded',go):go()})(document.currentScript)`;
const afterPaintLoaderHash = sha256Source(AFTER_PAINT_LOADER);

/**
 * index.html made the brand's before any script runs (issue 12): language, title, theme colour, the
 * brand's colours and font stack as CSS variables, a preload of the brand font's regular weight, and
 * preloads of the chunks of the requested page. The app then sets the same values itself (theme.ts).
 *
 * The page's style sheets (the app's and the page chunk's, ≈ 4 kB compressed) are put into the HTML
 * instead of linked: a linked sheet holds the first paint back by a round trip, 0.56 s on Lighthouse's
 * slow 4G (ADR 0041). A page chunk's sheet also stays linked, `disabled` (not fetched), because the app's
 * chunk loader (Vite's) looks for a <link> of that sheet before it fetches it.
 */
export function brandShell({
  template,
  brand,
  fontFile,
  preload,
  firstView,
  styleSheets,
}: ShellInput): Shell {
  const variables = Object.entries(themeVariables(brand.theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const style = `:root{${variables}}`;
  const inlined: string[] = [];
  /** The sheet's text when it can go into the HTML as it is (not when it could close the element). */
  const inline = (file: string) => {
    const css = styleSheets?.get(file);
    if (css === undefined || /<\/style/i.test(css)) return undefined;
    inlined.push(css);
    return `<style>${css}</style>`;
  };
  // On a page with a first view, the entry and what it imports (linked by the build from index.html)
  // and the page's chunks load after the first paint instead (AFTER_PAINT_LOADER).
  let page = template;
  let loader: string | undefined;
  const entry = firstView
    ? /<script type="module" crossorigin src="(\/[^"]+)"><\/script>\n?\s*/.exec(page)
    : null;
  if (entry) {
    const imports = [...page.matchAll(/<link rel="modulepreload" crossorigin href="(\/[^"]+)">\n?\s*/g)];
    const modules = [entry[1], ...imports.map((link) => link[1]), ...preload.js.map((file) => `/${file}`)];
    for (const element of [entry, ...imports]) page = page.replace(element[0], '');
    loader = `<script data-modules="${escapeHtml(modules.join(' '))}">${AFTER_PAINT_LOADER}</script>`;
  }
  const head = [
    `<meta name="theme-color" content="${escapeHtml(brand.theme.primary)}" />`,
    `<style>${style}</style>`,
    ...(fontFile
      ? [`<link rel="preload" href="/assets/${fontFile}" as="font" type="font/woff2" crossorigin />`]
      : []),
    ...(loader ? [] : preload.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)),
    ...preload.css.map((file) => {
      const element = inline(file);
      return element
        ? `${element}<link rel="stylesheet" crossorigin href="/${file}" disabled />`
        : `<link rel="stylesheet" crossorigin href="/${file}" />`;
    }),
    ...(loader ? [loader] : []),
  ].join('\n    ');
  const html = page
    // The app's own sheet, which the build links from index.html. Inlined, with its link kept but disabled
    // (not fetched) as for the page's sheets above: a lazy chunk that lists it among its dependencies finds
    // the link and does not fetch the sheet again.
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, file: string) => {
      const element = inline(file);
      return element ? `${element}<link rel="stylesheet" crossorigin href="/${file}" disabled />` : link;
    })
    .replace(
      /<html[^>]*>/,
      `<html lang="${escapeHtml(brand.i18n.defaultLocale)}" data-brand="${escapeHtml(brand.brand)}" data-theme="${escapeHtml(brand.theme.name)}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.name)}</title>`)
    .replace('</head>', `  ${head}\n  </head>`)
    // Painted before any script runs; the app hydrates it (or replaces it, when its first render would
    // differ) and then lifts `inert`, which keeps anything from being typed or clicked before the app
    // listens (main.tsx, ADR 0041).
    .replace(
      /<div id="root"><\/div>/,
      firstView ? `<div id="root" data-first-view inert>${firstView}</div>` : '$&',
    );
  const body = Buffer.from(html);
  return {
    html: body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    styleHashes: [style, ...inlined].map(sha256Source),
    scriptHashes: loader ? [afterPaintLoaderHash] : [],
  };
}

/** The content coding to answer with: brotli, else gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === name || value === '*')) values.push(name);
  reply.header('vary', values.join(', '));
}

/** The page's CSP with the shell's inline elements allowed by their hashes (helmet set it on the request). */
function allowInlineHashes(policy: unknown, shell: Shell): string | undefined {
  if (typeof policy !== 'string') return undefined;
  const allow = (text: string, directive: string, hashes: readonly string[]) => {
    const pattern = new RegExp(`((?:^|;)\\s*${directive}\\s[^;]*)`);
    return hashes.length && pattern.test(text) ? text.replace(pattern, `$1 ${hashes.join(' ')}`) : text;
  };
  return allow(allow(policy, 'style-src', shell.styleHashes), 'script-src', shell.scriptHashes);
}

/**
 * Serves the built web app (apps/web/dist): its files as static assets (the brotli or gzip copy made at
 * build time when the browser accepts it), and the brand's HTML shell for every page path the API does
 * not own. Assets have content hashes in their names, so they are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<WebApp> {
  const distDir = resolve(options.distDir);
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  if (!built) {
    return {
      servePage(request, reply) {
        return reply
          .status(isKnownPage(request) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(NOT_BUILT_PAGE);
      },
    };
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own cache-control below, not the plugin's 'max-age=0'.
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The file sent depends on Accept-Encoding, so caches must key on it too. Added when the reply is sent,
  // after CORS has put `Origin` into Vary (a header set on the raw response earlier would be replaced).
  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config as { file?: unknown } | undefined;
    if (config?.file !== undefined) addVary(reply, 'accept-encoding');
    done(null, payload);
  });

  // Read once: index.html and the manifest change only with a new build, which means a restart.
  const template = readFileSync(indexPath, 'utf8');
  const manifestPath = join(distDir, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const entry = manifest['index.html'];
  const loadedByEntry = new Set(
    entry ? [...chunkFiles(manifest, 'index.html', new Set()).js, ...(entry.css ?? [])] : [],
  );
  const assets = existsSync(join(distDir, 'assets')) ? readdirSync(join(distDir, 'assets')) : [];
  const fontFileOf = (brand: BrandConfig) => {
    const prefix = `${fontFileSlugs[brand.theme.fontFamily]}-latin-400-normal-`;
    return assets.find((file) => file.startsWith(prefix) && file.endsWith('.woff2'));
  };

  // The build's style sheets, put into the HTML of the pages that link them (brandShell).
  const styleSheets = new Map(
    assets
      .filter((file) => file.endsWith('.css'))
      .map((file) => [`assets/${file}`, readFileSync(join(distDir, 'assets', file), 'utf8')] as const),
  );

  // Build-time first views of the apply pages, by brand and path (apps/web/scripts/prerender.mjs).
  const prerenderPath = join(distDir, '.vite/prerender.json');
  const firstViews: Record<string, Record<string, string>> = existsSync(prerenderPath)
    ? JSON.parse(readFileSync(prerenderPath, 'utf8'))
    : {};

  // The page's chunks, the chunk of the brand's language (apps/web/src/app/locale-messages.ts) and of the
  // brand's configuration (ADR 0086: the app starts once it is in, so it must not wait for a second trip).
  const preloadFor = (brand: BrandConfig, module: string | null) => {
    const page = module ? chunkFiles(manifest, module, loadedByEntry) : { js: [], css: [] };
    const texts = chunkFiles(manifest, `src/app/locales/${brand.i18n.defaultLocale}.ts`, loadedByEntry);
    const config = chunkFiles(manifest, `src/brands/generated/${brand.brand}.js`, loadedByEntry);
    const first = [...config.js, ...texts.js.filter((file) => !config.js.includes(file))];
    return { js: [...first, ...page.js.filter((file) => !first.includes(file))], css: page.css };
  };

  const shells = new Map<string, Shell>();
  const shellFor = (request: FastifyRequest): Shell | null => {
    if (isLocalHost(request.headers.host ?? '')) return null;
    const { brand, isMyPageHost } = request.brand;
    const path = pagePath(request);
    const purpose =
      path === '/'
        ? isMyPageHost
          ? 'myPage'
          : 'home'
        : ((Object.entries(brand.paths).find(([, value]) => value === path)?.[0] as
            | BrandPathPurpose
            | undefined) ?? null);
    const module = purpose ? routeModuleFor(purpose) : null;
    // Apply pages live on the main host; on a separate personal-page host their paths are 404s.
    const builtView = isMyPageHost ? undefined : firstViews[brand.brand]?.[path];
    // Only a view that links to the separate personal-page host depends on the host; a handful of hosts
    // reach a brand (brandHosts), but the Host header is the caller's, hence the bound on the cache below.
    const firstView = builtView && withRequestOrigin(builtView, request.protocol, request.host);
    const key = `${brand.brand} ${module ?? '-'} ${builtView ? path : '-'} ${firstView !== builtView ? request.host : '-'}`;
    let shell = shells.get(key);
    if (!shell) {
      shell = brandShell({
        template,
        brand,
        fontFile: fontFileOf(brand),
        preload: preloadFor(brand, module),
        firstView,
        styleSheets,
      });
      if (shells.size >= 1000) shells.clear();
      shells.set(key, shell);
    }
    return shell;
  };
  const plainIndex = Buffer.from(template);

  return {
    servePage(request, reply) {
      const shell = shellFor(request);
      reply
        .status(isKnownPage(request) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      addVary(reply, 'accept-encoding');
      if (!shell) return reply.send(plainIndex);
      const policy = allowInlineHashes(reply.getHeader('content-security-policy'), shell);
      if (policy) reply.header('content-security-policy', policy);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? shell.br : encoding === 'gzip' ? shell.gzip : shell.html);
    },
  };
}
