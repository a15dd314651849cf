import {
  customerSchema,
  emailSchema,
  patchCustomerBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '@nordloan/domain/customer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '#src/lib/app-error.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { defaultContentStore } from '#src/modules/terms/content.repository.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { loginRateLimit, tokenRequiredFirst } from '#src/plugins/security.ts';
import { getCustomer, getCustomerByEmail, patchCustomer, signUpCustomer } from './customer.service.ts';

const idParams = z.object({ id: z.string() });

// §7 customer calls.
export async function customerRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, tokens, now } = options;
  const store = defaultContentStore();
  const tags = ['customers'];

  // No token (§7): a new applicant becomes a customer by accepting the terms. See signUpCustomer on abuse.
  routes.post(
    '/customer',
    {
      config: loginRateLimit,
      schema: {
        tags,
        security: [],
        querystring: z.object({ accepted_terms: z.string().optional() }),
        // The body may be left out: everything in it has a default.
        body: signUpBodySchema.nullish(),
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      const accepted = request.query.accepted_terms;
      if (accepted === undefined || ['false', '0', 'no'].includes(accepted.toLowerCase())) {
        throw badRequest('Validation failed', [
          { Field: 'accepted_terms', Message: 'The terms and conditions must be accepted' },
        ]);
      }
      const created = await signUpCustomer({
        db,
        tokens,
        store,
        input: request.body ?? {},
        hostBrandId: request.brand.brand.brand,
        now,
      });
      return reply.status(201).send(created);
    },
  );

  routes.get(
    '/customer',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, querystring: z.object({ email: emailSchema }), response: { 200: customerSchema } },
    },
    async (request) => getCustomerByEmail({ db, caller: requireCaller(request), email: request.query.email }),
  );

  routes.get(
    '/customer/:id',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, params: idParams, response: { 200: customerSchema } },
    },
    async (request) => getCustomer({ db, caller: requireCaller(request), customerId: request.params.id }),
  );

  routes.patch(
    '/customer/:id',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, params: idParams, body: patchCustomerBodySchema, response: { 200: customerSchema } },
    },
    async (request) =>
      patchCustomer({
        db,
        store,
        caller: requireCaller(request),
        customerId: request.params.id,
        input: request.body,
        now,
      }),
  );
}
