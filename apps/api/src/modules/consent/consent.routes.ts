import {
  consentItemsQuerySchema,
  consentItemsSchema,
  consentSnapshotQuerySchema,
  consentSnapshotSchema,
  consentStateSchema,
  customerConsentQuerySchema,
  masterConsentBodySchema,
  partnersQuerySchema,
  partnersSchema,
  patchConsentBodySchema,
} from '@nordloan/domain/consent';
import { countrySchema } from '@nordloan/domain/enums';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { defaultContentStore } from '#src/modules/terms/content.repository.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { publicRateLimit, tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  consentHistory,
  consentSnapshot,
  currentConsentState,
  giveMasterConsent,
  listPartners,
  patchConsents,
  revokeMarketingConsent,
} from './consent.service.ts';

// §7 consent calls. Only the config snapshot works without a token (§7 "query, no token").
export async function consentRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const store = defaultContentStore();
  const tags = ['consent'];

  routes.get(
    '/consent/v2/config/snapshot',
    {
      config: publicRateLimit,
      schema: {
        tags,
        security: [],
        querystring: consentSnapshotQuerySchema,
        response: { 200: consentSnapshotSchema },
      },
    },
    async (request) =>
      consentSnapshot({
        db,
        store,
        caller: request.caller,
        query: request.query,
        now: now(),
        log: request.log,
      }),
  );

  routes.get(
    '/consent/v2/consent',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, querystring: customerConsentQuerySchema, response: { 200: consentStateSchema } },
    },
    async (request) =>
      currentConsentState({
        db,
        store,
        caller: requireCaller(request),
        customerId: request.query.customerID,
        brand: request.query.brand,
        country: request.query.country,
        now: now(),
        log: request.log,
      }),
  );

  routes.get(
    '/consent/v2/consent/items',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, querystring: consentItemsQuerySchema, response: { 200: consentItemsSchema } },
    },
    async (request) =>
      consentHistory({
        db,
        store,
        caller: requireCaller(request),
        customerId: request.query.customerID,
        brand: request.query.brand,
        country: request.query.country,
        purpose: request.query.purpose,
        channel: request.query.channel,
        now: now(),
        log: request.log,
      }),
  );

  routes.post(
    '/consent/v1/consent',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, body: masterConsentBodySchema, response: { 201: consentStateSchema } },
    },
    async (request, reply) => {
      const state = await giveMasterConsent({
        db,
        store,
        caller: requireCaller(request),
        input: request.body,
        now: now(),
        log: request.log,
      });
      return reply.status(201).send(state);
    },
  );

  routes.get(
    '/consent/v1/partner',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, querystring: partnersQuerySchema, response: { 200: partnersSchema } },
    },
    async (request) => {
      requireCaller(request);
      return listPartners({ store, country: request.query.country, brand: request.query.brand, now: now() });
    },
  );

  routes.patch(
    '/consent/v1/consent/:country/:customerID',
    {
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params: z.object({ country: countrySchema, customerID: z.string() }),
        body: patchConsentBodySchema,
        response: { 200: consentStateSchema },
      },
    },
    async (request) =>
      patchConsents({
        db,
        store,
        caller: requireCaller(request),
        country: request.params.country,
        customerId: request.params.customerID,
        input: request.body,
        now: now(),
        log: request.log,
      }),
  );

  // §7 "revokes marketing consent": every marketing channel where it is given gets a 'revoked' record. A
  // customer call (tagged so), served here because the consent records are this module's to write.
  routes.delete(
    '/customer/:id/consent',
    {
      preValidation: tokenRequiredFirst,
      schema: {
        tags: ['customers'],
        params: z.object({ id: z.string() }),
        response: { 200: consentStateSchema },
      },
    },
    async (request) =>
      revokeMarketingConsent({
        db,
        store,
        caller: requireCaller(request),
        customerId: request.params.id,
        now: now(),
        log: request.log,
      }),
  );
}
