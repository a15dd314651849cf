import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { badResult } from './error-handler.ts';

export interface NotFoundOptions {
  /** Answers HTML page requests that no API route matched (the single-page app); undefined: none. */
  servePage?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
}

/**
 * Unknown routes answer 404 `This page could not be found`; a known path asked with the wrong method
 * answers 405 `Method Not Allowed` with an Allow header (§2 error pages). Fastify itself only knows 404,
 * so every route is mirrored into a second router that is asked which methods a path has.
 */
export function registerNotFound(app: FastifyInstance, options: NotFoundOptions = {}) {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const methodsByPath = new Map<string, Set<string>>();

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Both routers ignore a trailing slash, so `/x` and `/x/` are one path here.
    const path = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const known = methodsByPath.get(path) ?? new Set<string>();
      if (known.has(method)) continue;
      known.add(method);
      methodsByPath.set(path, known);
      shadow.on(method as HTTPMethod, path, () => undefined);
    }
  });

  const allowedMethods = (url: string): string[] => {
    const path = url.split('?')[0] ?? url;
    const allowed: string[] = [];
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      if (shadow.find(method, path)) allowed.push(method);
    }
    return allowed;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && options.servePage) return options.servePage(request, reply);

    const allowed = allowedMethods(request.url);
    if (allowed.length > 0 && request.method !== 'OPTIONS') {
      return reply.status(405).header('allow', allowed.join(', ')).send(badResult('Method Not Allowed'));
    }
    return reply.status(404).send(badResult('This page could not be found'));
  });
}
