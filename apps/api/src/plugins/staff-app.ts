import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The staff web app (apps/backoffice) on the same server as the API and the applicant app, on hosts whose
// first label is `backoffice` (backoffice.localhost:3000 in development, backoffice.<domain> in
// production; docs/decisions/0023). Its assets are built under /staff-assets/, a path the applicant app
// never uses, so both builds are served side by side. API routes answer on every host as before: only a
// page request (GET/HEAD asking for HTML) that no route matched gets the staff app's index.html.

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>nordloan back office</title></head>
<body><main><h1>The back office is not built yet</h1><p>Run <code>npm run build</code>
(<code>npm start</code> does it for you).</p></main></body></html>`;

/** Whether the request came to the back-office host (`backoffice.localhost:3000`, `backoffice.example.no`). */
export function isStaffHost(host: string | undefined): boolean {
  const name = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
  return name.split('.')[0] === 'backoffice' && name.includes('.');
}

export async function registerStaffApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const distDir = resolve(options.distDir);
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  if (built && existsSync(join(distDir, 'staff-assets'))) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'staff-assets'),
      prefix: '/staff-assets/',
      // web-app.ts decorates the reply with sendFile; one decoration per app.
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (response) => {
        // File names carry a content hash.
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // Read once: index.html changes only with a new build, which means a restart.
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : NOT_BUILT_PAGE;

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || !isStaffHost(request.headers.host)) return done();
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    if (!(request.headers.accept ?? '').includes('text/html')) return done();
    // The app routes itself (and renders its own "page not found"), like the applicant app. A hook that
    // answers does not call done().
    reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
