import { type ResolvedBrand, resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#src/config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of the host the request came to (§2; unknown hosts fall back to se-main). */
    brand: ResolvedBrand;
  }
}

/**
 * Resolves the brand from the Host header once per request. The §8 fallback warning is logged at debug
 * level only: every health check and tool that calls by IP would otherwise fill the log.
 */
export function registerBrand(app: FastifyInstance, options: { config: Config }) {
  const env = options.config.env;
  app.decorateRequest('brand', null as unknown as ResolvedBrand);
  // Callback style, like every hook on the hot path: an async hook costs a promise and a turn of the
  // microtask queue per request for work that never waits (docs/performance-api.md).
  app.addHook('onRequest', (request, _reply, done) => {
    request.brand = resolveBrandFromHost(request.headers.host ?? '', env);
    if (request.brand.warning) request.log.debug({ host: request.headers.host }, request.brand.warning);
    done();
  });
}
