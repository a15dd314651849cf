import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

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

/** Prometheus metrics at /metrics: the process's defaults plus this app's request durations by route. */
export function registerMetrics(app: FastifyInstance) {
  const processWide = processMetrics();
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
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
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(`${await processWide.metrics()}\n${await registry.metrics()}`),
  );
}
