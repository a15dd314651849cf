import { reQuoteBodySchema, reQuoteResultSchema } from '@nordloan/domain/lending/transparency';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { reQuoteApplication } from './re-quote.service.ts';

// Issue 13 item 5: new amount or term for every open offer at once, without a new application.

export async function reQuoteRoutes(app: FastifyInstance, options: ModuleOptions & { panel: LenderPanel }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  // Every call here needs a token: 401 before the body is validated (issue 32).
  app.addHook('preValidation', tokenRequiredFirst);
  routes.post(
    '/loan-application/:id/re-quote',
    {
      schema: {
        tags: ['loan-quote'],
        summary:
          'New amount and/or term for the application’s open offers: each lender that can answers with a new quote (the old one is kept, superseded)',
        params: z.object({ id: z.string() }),
        body: reQuoteBodySchema,
        response: { 200: reQuoteResultSchema },
      },
    },
    async (request) =>
      reQuoteApplication({
        db,
        now,
        panel,
        caller: requireCaller(request),
        applicationId: request.params.id,
        amount: request.body.Amount,
        durationMonths: request.body.DurationMonths,
      }),
  );
}
