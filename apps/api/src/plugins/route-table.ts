import type { FastifyInstance } from 'fastify';

export interface RouteTableEntry {
  method: string;
  /** The path as registered (`/loan-application/:id`). */
  url: string;
  /** Whether the route is left out of the OpenAPI document (docs, metrics). */
  hidden: boolean;
  /** Whether the route checks a bearer secret of its own instead of a JWT (plugins/auth.ts). */
  ownBearerSecret: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers, as registered (with Fastify's HEAD twins of GETs). */
    routeTable: readonly RouteTableEntry[];
  }
}

/**
 * Records each route as Fastify registers it (onRoute), so the route × caller matrix and the fuzzer test
 * what the server really serves rather than a list someone keeps by hand. Register before any route.
 */
export function registerRouteTable(app: FastifyInstance) {
  const entries: RouteTableEntry[] = [];
  app.decorate('routeTable', entries);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean } | undefined;
    const ownBearerSecret = route.config?.ownBearerSecret === true;
    for (const method of methods) {
      entries.push({ method, url: route.url, hidden: schema?.hide === true, ownBearerSecret });
    }
  });
}
