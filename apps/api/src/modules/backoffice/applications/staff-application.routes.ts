import { application360Schema } from '@nordloan/domain/application-360';
import {
  auditItemSchema,
  listOf,
  noteBodySchema,
  noteSchema,
  pageQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  withdrawBodySchema,
} from '@nordloan/domain/backoffice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate, staffOf } from '#src/modules/staff/staff.service.ts';
import { messageRateLimit } from '#src/plugins/security.ts';
import {
  addNote,
  applicationAudit,
  getApplication360,
  resendMagicLink,
  searchApplications,
  withdrawForCustomer,
} from './staff-application.service.ts';

const idParams = z.object({ id: z.string() });
const tags = ['backoffice'];

export async function staffApplicationRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { db, now, config } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const gate = staffGate(db);
  const context = (request: FastifyRequest) => ({ db, now, staff: staffOf(request) });

  routes.get(
    '/backoffice/search',
    {
      preValidation: gate,
      schema: { tags, querystring: searchQuerySchema, response: { 200: listOf(searchResultSchema) } },
    },
    async (request) => searchApplications({ ...context(request), ...request.query }),
  );

  // The 360° view (built by application-360.ts, shaped by the domain's contract); the read is audited.
  routes.get(
    '/backoffice/applications/:id',
    { preValidation: gate, schema: { tags, params: idParams, response: { 200: application360Schema } } },
    async (request) => getApplication360({ ...context(request), applicationId: request.params.id }),
  );

  routes.post(
    '/backoffice/applications/:id/notes',
    {
      preValidation: gate,
      schema: { tags, params: idParams, body: noteBodySchema, response: { 201: noteSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return addNote({ ...context(request), applicationId: request.params.id, text: request.body.Text });
    },
  );

  routes.post(
    '/backoffice/applications/:id/withdraw',
    { preValidation: gate, schema: { tags, params: idParams, body: withdrawBodySchema } },
    async (request) =>
      withdrawForCustomer({
        ...context(request),
        applicationId: request.params.id,
        reason: request.body.Reason,
      }),
  );

  routes.post(
    '/backoffice/applications/:id/magic-link',
    {
      config: messageRateLimit,
      preValidation: gate,
      schema: {
        tags,
        params: idParams,
        body: z.strictObject({ Channel: z.enum(['email', 'sms']).default('email') }).nullish(),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return resendMagicLink({
        ...context(request),
        applicationId: request.params.id,
        channel: request.body?.Channel ?? 'email',
        config,
        log: request.log,
      });
    },
  );

  routes.get(
    '/backoffice/applications/:id/audit',
    {
      preValidation: gate,
      schema: {
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: listOf(auditItemSchema) },
      },
    },
    async (request) =>
      applicationAudit({ ...context(request), applicationId: request.params.id, ...request.query }),
  );
}
