import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { unauthorized } from '#src/lib/app-error.ts';
import { bearerToken } from './auth.ts';

// The process's own metrics (CPU, memory, event-loop delay, GC) are the process's, not an app's: collected
// once per process however many apps it builds. Each collection starts an event-loop delay monitor and a
// GC observer that prom-client cannot stop, so one per app would pile up in a process that builds many —
// the API test workers build one per test file and keep the process for the next file.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request's bearer token is the one whose digest is `tokenDigest`: digests of equal length,
 * compared in constant time, so the answer's timing tells nothing of the token or its length.
 */
function carriesToken(request: FastifyRequest, tokenDigest: Buffer): boolean {
  return timingSafeEqual(sha256(bearerToken(request) ?? ''), tokenDigest);
}

/**
 * Prometheus metrics at /metrics: the process's defaults, this app's request durations by route, and what
 * `addMetrics` registers (the background work's gauges). Who may read them (ADR 0051): anyone outside
 * production unless a token is set; with `token`, only a request bearing it; in production without a token
 * the route does not exist — the figures tell an outsider which routes are busy and how often they fail.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    served: boolean;
    token: string | undefined;
    addMetrics?: (registry: Registry) => void;
  },
) {
  if (!options.served) return;
  const { token } = options;
  const tokenDigest = token === undefined ? undefined : sha256(token);
  const processWide = processMetrics();
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  options.addMetrics?.(registry);
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      // With a secret of its own, a bearer that is not a JWT is the route's to judge; without one, the
      // route is open and any bearer is checked as a JWT, as on every other route.
      config: { ownBearerSecret: token !== undefined },
    },
    async (request, reply) => {
      if (tokenDigest && !carriesToken(request, tokenDigest)) {
        throw unauthorized(request.headers.authorization ? 'Invalid token' : 'Missing token');
      }
      return reply
        .type(registry.contentType)
        .send(`${await processWide.metrics()}\n${await registry.metrics()}`);
    },
  );
}
