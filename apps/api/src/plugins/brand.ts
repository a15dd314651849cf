import { type ResolvedBrand, resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#src/config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of the host the request came to (§2; unknown hosts fall back to se-main). */
    brand: ResolvedBrand;
  }
}

const KNOWN_HOSTS_MAX = 256;

/**
 * Resolves the brand from the Host header once per request. The §8 fallback warning is logged at debug
 * level only: every health check and tool that calls by IP would otherwise fill the log.
 */
export function registerBrand(app: FastifyInstance, options: { config: Config }) {
  const env = options.config.env;
  app.decorateRequest('brand', null as unknown as ResolvedBrand);
  // A brand's hosts are few and every request names one: each host is resolved once and its answer shared
  // (read only: no code writes to request.brand). The Host header is the caller's to choose, so only the
  // first KNOWN_HOSTS_MAX hosts are kept; any further one is resolved per request as before.
  const known = new Map<string, ResolvedBrand>();
  const brandOf = (host: string): ResolvedBrand => {
    let resolved = known.get(host);
    if (resolved === undefined) {
      resolved = Object.freeze(resolveBrandFromHost(host, env));
      if (known.size < KNOWN_HOSTS_MAX) known.set(host, resolved);
    }
    return resolved;
  };
  // Callback style, like every hook on the hot path: an async hook costs a promise and a turn of the
  // microtask queue per request for work that never waits (docs/performance-api.md).
  app.addHook('onRequest', (request, _reply, done) => {
    request.brand = brandOf(request.headers.host ?? '');
    if (request.brand.warning) request.log.debug({ host: request.headers.host }, request.brand.warning);
    done();
  });
}
