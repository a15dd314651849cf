import { paymentMandateKindSchema } from '@nordloan/domain/enums';
import {
  paymentMandateBodySchema,
  paymentMandateListQuerySchema,
  paymentMandateSchema,
} from '@nordloan/domain/insurance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import type { EidSigningProvider } from './eid-signing.ts';
import { insuranceAttemptRateLimit } from './insurance-rate-limit.ts';
import { getPaymentMandate, listPaymentMandates, startPaymentMandate } from './payment-mandate.service.ts';
import type { PaymentMandateProvider } from './payment-mandate-provider.ts';

export interface PaymentMandateRouteOptions extends ModuleOptions {
  signing: EidSigningProvider;
  /** Registers direct debits and cards for the premium (a local stand-in outside production). */
  payments: PaymentMandateProvider;
}

// §7 /insurance-payment-mandate/{kind} (kind bankid, bs, card or kid): POST with a JSON body, GET with a
// query, GET by id. Every route needs a token.
export async function paymentMandateRoutes(app: FastifyInstance, options: PaymentMandateRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, signing, payments } = options;
  const tags = ['insurance'];
  app.addHook('preValidation', tokenRequiredFirst);
  const params = z.object({ kind: paymentMandateKindSchema });

  routes.post(
    '/insurance-payment-mandate/:kind',
    {
      config: insuranceAttemptRateLimit('payment'),
      schema: {
        tags,
        params,
        body: paymentMandateBodySchema,
        response: { 201: paymentMandateSchema },
      },
    },
    async (request, reply) => {
      const mandate = await startPaymentMandate({
        db,
        caller: requireCaller(request),
        signing,
        payments,
        kind: request.params.kind,
        input: request.body,
        now: now(),
      });
      return reply.status(201).send(mandate);
    },
  );

  routes.get(
    '/insurance-payment-mandate/:kind',
    {
      schema: {
        tags,
        params,
        querystring: paymentMandateListQuerySchema,
        response: { 200: z.array(paymentMandateSchema) },
      },
    },
    async (request) =>
      listPaymentMandates({
        db,
        caller: requireCaller(request),
        payments,
        kind: request.params.kind,
        requestId: request.query.InsuranceRequestID,
        now: now(),
      }),
  );

  routes.get(
    '/insurance-payment-mandate/:kind/:id',
    { schema: { tags, params: params.extend({ id: z.string() }), response: { 200: paymentMandateSchema } } },
    async (request) =>
      getPaymentMandate({
        db,
        caller: requireCaller(request),
        payments,
        kind: request.params.kind,
        mandateId: request.params.id,
        now: now(),
      }),
  );
}
