import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createReadiness, createReadinessCheck, type Readiness } from './readiness.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['pglite', 'postgres']),
  /** Why not: draining for a shutdown, the database not answering, migrations not all applied. */
  reason: z.enum(['draining', 'database', 'migrations']).optional(),
});

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; readiness?: Readiness | undefined },
) {
  const { database } = options;
  const readiness = options.readiness ?? createReadiness();
  const notReadyBecause = createReadinessCheck({ database, readiness });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Kept as it was for monitors that know only it: the database answers.
  routes.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      try {
        await database.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
  // Liveness (ADR 0071): the process answers. Nothing else, so a database outage restarts nobody.
  routes.get(
    '/health/live',
    {
      schema: { tags: ['health'], summary: 'The process answers', response: { 200: liveSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );
  // Readiness: what HAProxy checks every half second (deploy/haproxy.cfg); hence no log line per check.
  routes.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Takes requests: database reachable through the pool, migrations applied, not draining',
        response: { 200: readySchema, 503: readySchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const reason = await notReadyBecause();
      reply.header('cache-control', 'no-store');
      if (reason === null) return { status: 'ready' as const, database: database.kind };
      return reply.status(503).send({ status: 'not-ready' as const, database: database.kind, reason });
    },
  );
}
