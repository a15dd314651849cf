import { refinancingViewSchema } from '@nordloan/domain/lending/refinancing.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { getRefinancing } from './refinancing.service.ts';

// Issue 35 item 4 (docs/decisions/0080): what refinancing the chosen debts with each offer changes.

export async function refinancingRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  routes.get(
    '/loan-application/:id/refinancing',
    {
      schema: {
        tags: ['loan-quote-presentation'],
        summary:
          'The debts chosen for refinancing: their monthly and total cost today and its basis, each open offer’s cost instead, whether it pays them all off; Norway’s unused card limits and the debt ratio if cancelled; the payoffs the lender confirmed',
        params: z.object({ id: z.string() }),
        response: { 200: refinancingViewSchema },
      },
    },
    async (request) =>
      getRefinancing({ db, now, caller: requireCaller(request), applicationId: request.params.id }),
  );
}
