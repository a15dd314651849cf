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

/** Answers noted before their durations are handed to the histogram (a scrape hands them over at once). */
const OBSERVATIONS_PER_BATCH = 512;

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
  // Each answer's duration is noted in two arrays and handed to prom-client in a batch — at a scrape (the
  // histogram's collect) or every OBSERVATIONS_PER_BATCH answers. prom-client's observe (labels checked,
  // hashed to a string, looked up) cost ≈ 10 µs of an application read's CPU when run once per answer on a
  // busy server (4 % of the profile), for ≈ 1 µs in a loop of warm code; the scrape sees every answer.
  // A label object per route, method and status is kept, so the batch holds no object per answer.
  type Labels = { method: string; route: string; status: string };
  const pendingLabels: Labels[] = [];
  const pendingSeconds: number[] = [];
  const observePending = () => {
    for (let index = 0; index < pendingLabels.length; index++) {
      duration.observe(pendingLabels[index]!, pendingSeconds[index]!);
    }
    pendingLabels.length = 0;
    pendingSeconds.length = 0;
  };
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
    collect: observePending,
  });
  options.addMetrics?.(registry);
  const labelsByRoute = new Map<string, Map<string, Map<number, Labels>>>();
  const labelsOf = (method: string, route: string, statusCode: number): Labels => {
    let byMethod = labelsByRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      labelsByRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let labels = byStatus.get(statusCode);
    if (!labels) {
      labels = { method, route, status: String(statusCode) };
      byStatus.set(statusCode, labels);
    }
    return labels;
  };
  app.addHook('onResponse', (request, reply, done) => {
    pendingLabels.push(labelsOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode));
    pendingSeconds.push(reply.elapsedTime / 1000);
    if (pendingLabels.length >= OBSERVATIONS_PER_BATCH) observePending();
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
