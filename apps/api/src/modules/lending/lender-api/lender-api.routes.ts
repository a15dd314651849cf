import { lenderCircuitsViewSchema } from '@nordloan/domain/lending/lender-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { lenderCircuits } from './lender-circuits.service.ts';
import { lenderApiDocument } from './openapi-document.ts';

// The lender API's document (issue 33 item 1) and, for staff, the circuit of each lender called over HTTP.

export async function lenderApiRoutes(app: FastifyInstance, options: ModuleOptions & { panel: LenderPanel }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, panel } = options;
  const document = lenderApiDocument();

  // Public like /openapi.json: a lender reads it before it has any account with us.
  routes.get('/lender-api/openapi.json', { schema: { hide: true } }, async () => document);

  await app.register(async (staff) => {
    // Like every staff route: the staff gate first (401 before anything, a disabled agent refused).
    staff.addHook('preValidation', staffGate(db));
    staff.withTypeProvider<ZodTypeProvider>().get(
      '/backoffice/lender-api/circuits',
      {
        schema: {
          tags: ['lender-api'],
          summary: 'The circuit breaker of each lender called over HTTP, in the markets the caller may read',
          response: { 200: lenderCircuitsViewSchema },
        },
      },
      async (request) => lenderCircuits({ panel, caller: requireCaller(request) }),
    );
  });
}
