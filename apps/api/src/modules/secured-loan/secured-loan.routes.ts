import { securedPropertyInputSchema, securedPropertySchema } from '@nordloan/domain/secured-loan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { createLocalPropertyRegister, type PropertyRegister } from './property-register.ts';
import { getProperty, saveProperty } from './secured-loan.service.ts';

// Any string: an id that is not a UUID is simply not found (404), like any application the caller cannot see.
const applicationIdParams = z.object({ id: z.string() });

// Secured loans (issue 10, docs/decisions/0027): the property the loan is secured on. The register is the
// local stand-in unless the app is given another (it waits like the real one: 400 ms at delay scale 1).
export async function securedLoanRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { register?: PropertyRegister | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const register =
    options.register ??
    createLocalPropertyRegister({ delayMs: 400 * options.config.worker.lenderDelayScale });
  const tags = ['secured loan'];
  app.addHook('preValidation', tokenRequiredFirst);

  routes.put(
    '/loan-application/:id/property',
    {
      schema: {
        tags,
        description:
          'The home a secured loan is secured on: the applicant’s answers, looked up in the property register (§3 lookup status), with loan-to-value and the case documents it needs.',
        params: applicationIdParams,
        body: securedPropertyInputSchema,
        response: { 200: securedPropertySchema },
      },
    },
    async (request) =>
      saveProperty({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        input: request.body,
        register,
        now,
      }),
  );

  routes.get(
    '/loan-application/:id/property',
    { schema: { tags, params: applicationIdParams, response: { 200: securedPropertySchema } } },
    async (request) => getProperty({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );
}
