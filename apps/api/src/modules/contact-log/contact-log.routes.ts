import { contactLogSchema } from '@nordloan/domain/contact-log';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { getContactLog } from './contact-log.service.ts';

// Issue 13 item 7 (docs/decisions/0037): the contact log of an application.
export async function contactLogRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  routes.get(
    '/loan-application/:id/contact-log',
    {
      schema: {
        tags: ['loan-application'],
        summary:
          'Every call, e-mail and text message about the application: when, channel, what kind, outcome and a masked address (never a body)',
        params: z.object({ id: z.string() }),
        response: { 200: contactLogSchema },
      },
    },
    async (request) =>
      getContactLog({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );
}
