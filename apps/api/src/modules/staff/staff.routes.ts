import { agentSchema, staffMeSchema } from '@nordloan/domain/backoffice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#src/lib/app-error.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { describeMe, listDevAgents, staffGate, staffOf } from './staff.service.ts';

export async function staffRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { db, config } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The development sign-in page's list of agents; like POST /auth/dev/login, absent in production.
  routes.get(
    '/backoffice/dev/agents',
    { schema: { tags: ['backoffice'], response: { 200: z.array(agentSchema) } } },
    async () => {
      if (!config.devIdentityProvider) throw notFound();
      return listDevAgents(db);
    },
  );

  routes.get(
    '/backoffice/me',
    { preValidation: staffGate(db), schema: { tags: ['backoffice'], response: { 200: staffMeSchema } } },
    async (request) => describeMe(staffOf(request)),
  );
}
