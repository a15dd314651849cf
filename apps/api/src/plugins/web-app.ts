import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { brandPathList, isLocalHost } from '@nordloan/domain/brands/resolve-brand';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** Answers an HTML page request with the single-page app (it routes and renders 404s itself). */
  servePage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>nordloan</title></head>
<body><main><h1>nordloan API is running</h1><p>The web app is not built yet: run <code>npm run build</code>
(<code>npm start</code> does it for you).</p><p>API documentation: <a href="/docs">/docs</a></p></main></body></html>`;

/**
 * Whether the single-page app has a page at this path for the request's brand (its front page or a path of
 * its path style, §2), so that unknown paths answer HTTP 404 while the app renders its own 404 page.
 */
export function isKnownPage(request: FastifyRequest): boolean {
  const path = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
  if (path === '/') return true;
  if (isLocalHost(request.headers.host ?? '')) return false;
  const { brand, isMyPageHost } = request.brand;
  return brandPathList(brand, { host: isMyPageHost ? 'myPage' : 'main' }).includes(path);
}

/**
 * Serves the built web app (apps/web/dist): its files as static assets, and index.html for every page
 * path the API does not own. Assets have content hashes in their names, so they are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<WebApp> {
  const distDir = resolve(options.distDir);
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Our own cache-control below, not the plugin's 'max-age=0'.
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Read once: index.html changes only with a new build, which means a restart.
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : NOT_BUILT_PAGE;
  return {
    servePage(request, reply) {
      return reply
        .status(isKnownPage(request) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  };
}
