import {
  integrationCreateSchema,
  integrationReapplySchema,
  loanApplicationSchema,
} from '@nordloan/domain/loan-application';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { assertMayReapply, integrationCreate, integrationReapply } from './integration.service.ts';
import { applicationIdParams } from './route-params.ts';

// §7 integration service calls: POST v1/loan-application/ and POST v1/loan-application/reapply/{id}.

const tags = ['integration'];

export async function integrationRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, config } = options;

  // A missing token is 401 before anything else; then whom the caller may act for, and only then the
  // integration URL (503 when missing), so a stranger never learns whether an integration would be called
  // (issue 32). Re-apply checks the application in its path before the body is looked at, as the spec's
  // client fails before sending anything; create checks the customer its body names (integration.service.ts).

  // §7 writes the path with a trailing slash, and so do we (the router tells the two spellings apart).
  routes.post(
    '/v1/loan-application/',
    {
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        summary: 'Create an application through the integration service',
        body: integrationCreateSchema,
        response: { 201: loanApplicationSchema },
      },
    },
    async (request, reply) => {
      const created = await integrationCreate({
        db,
        caller: requireCaller(request),
        now,
        config,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  routes.post(
    '/v1/loan-application/reapply/:id',
    {
      preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) =>
        assertMayReapply({ db, caller: requireCaller(request), config, id: request.params.id }),
      schema: {
        tags,
        summary: 'Apply again: a new application from an earlier one, with the given changes',
        params: applicationIdParams,
        body: integrationReapplySchema.nullish(),
        response: { 201: loanApplicationSchema },
      },
    },
    async (request, reply) => {
      const created = await integrationReapply({
        db,
        caller: requireCaller(request),
        now,
        config,
        id: request.params.id,
        input: request.body ?? {},
      });
      return reply.status(201).send(created);
    },
  );
}
