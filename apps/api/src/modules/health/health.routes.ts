import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '#src/db/client.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

export async function healthRoutes(app: FastifyInstance, options: { database: DatabaseHandle }) {
  const { database } = options;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
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
}
