import {
  eIdentityProviderSchema,
  eligibilityAnswersSchema,
  eligibilityResultSchema,
  insuranceMandateSchema,
  insuranceOfferSchema,
  insurancePolicyViewSchema,
  insuranceRequestViewSchema,
  policyListQuerySchema,
  policyTerminationBodySchema,
  startMandateBodySchema,
} from '@nordloan/domain/insurance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import type { EidSigningProvider } from './eid-signing.ts';
import { checkEligibility, getEligibility } from './eligibility.service.ts';
import { insuranceAttemptRateLimit } from './insurance-rate-limit.ts';
import { getInsuranceMandate, startInsuranceMandate } from './mandate.service.ts';
import { listInsurance, terminatePolicy } from './policy.service.ts';

export interface InsuranceRouteOptions extends ModuleOptions {
  /** The e-ID signing service of the insurance mandate (a local stand-in outside production). */
  signing: EidSigningProvider;
}

// §7 insurance calls (ADR 0026). Every route needs a token: 401 'Missing token' before anything else.
export async function insuranceRoutes(app: FastifyInstance, options: InsuranceRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, signing } = options;
  const tags = ['insurance'];
  app.addHook('preValidation', tokenRequiredFirst);

  routes.get(
    '/insurance/v2/eligibility',
    { schema: { tags, response: { 200: insuranceOfferSchema } } },
    async (request) =>
      getEligibility({ db, caller: requireCaller(request), brand: request.brand.brand, now: now() }),
  );

  routes.post(
    '/insurance/v2/eligibility',
    { schema: { tags, body: eligibilityAnswersSchema, response: { 200: eligibilityResultSchema } } },
    async (request) =>
      checkEligibility({
        db,
        caller: requireCaller(request),
        brand: request.brand.brand,
        answers: request.body,
        now: now(),
      }),
  );

  const providerParams = z.object({ provider: eIdentityProviderSchema });
  routes.post(
    '/insurance/v2/mandate/:provider',
    {
      config: insuranceAttemptRateLimit('signing'),
      schema: {
        tags,
        params: providerParams,
        body: startMandateBodySchema,
        response: { 201: insuranceMandateSchema },
      },
    },
    async (request, reply) => {
      const mandate = await startInsuranceMandate({
        db,
        caller: requireCaller(request),
        signing,
        provider: request.params.provider,
        requestId: request.body.InsuranceRequestID,
        now: now(),
      });
      return reply.status(201).send(mandate);
    },
  );

  routes.get(
    '/insurance/v2/mandate/:provider/:id',
    {
      schema: {
        tags,
        params: providerParams.extend({ id: z.string() }),
        response: { 200: insuranceMandateSchema },
      },
    },
    async (request) =>
      getInsuranceMandate({
        db,
        caller: requireCaller(request),
        signing,
        provider: request.params.provider,
        mandateId: request.params.id,
        now: now(),
      }),
  );

  // Not in §7: the personal page's view of the customer's insurance, and ending a policy (ADR 0026).
  routes.get(
    '/insurance/v2/policy',
    {
      schema: {
        tags,
        querystring: policyListQuerySchema,
        response: { 200: z.array(insuranceRequestViewSchema) },
      },
    },
    async (request) =>
      listInsurance({ db, caller: requireCaller(request), personId: request.query.PersonID, now: now() }),
  );

  routes.post(
    '/insurance/v2/policy/:id/termination',
    {
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        body: policyTerminationBodySchema,
        response: { 200: insurancePolicyViewSchema },
      },
    },
    async (request) =>
      terminatePolicy({
        db,
        caller: requireCaller(request),
        policyId: request.params.id,
        reason: request.body.Reason,
        now: now(),
      }),
  );
}
