import { countrySchema } from '@nordloan/domain/enums';
import {
  closeErasureRequestSchema,
  erasureRequestListSchema,
  erasureRequestSchema,
  erasureStatuses,
} from '@nordloan/domain/privacy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import {
  closeErasureRequestByStaff,
  getErasureRequestForStaff,
  listErasureQueue,
} from './erasure-queue.service.ts';

// Issue 36 item 3 (docs/decisions/0069): the back office's work queue of erasure requests.

const idParams = z.object({ id: z.string() });
const listQuery = z.object({
  country: countrySchema.optional(),
  status: z.enum(erasureStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export async function erasureQueueRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const tags = ['backoffice'];
  app.addHook('preValidation', staffGate(db));

  routes.get(
    '/backoffice/erasure-requests',
    {
      schema: {
        tags,
        summary: 'Erasure requests of the markets the agent may work them in, oldest first',
        querystring: listQuery,
        response: { 200: erasureRequestListSchema },
      },
    },
    async (request) => listErasureQueue({ db, caller: requireCaller(request), ...request.query }),
  );

  routes.get(
    '/backoffice/erasure-requests/:id',
    {
      schema: {
        tags,
        summary:
          'One erasure request: what was erased, what the law keeps and until when (the read is audited)',
        params: idParams,
        response: { 200: erasureRequestSchema },
      },
    },
    async (request) =>
      getErasureRequestForStaff({ db, caller: requireCaller(request), id: request.params.id, now: now() }),
  );

  routes.post(
    '/backoffice/erasure-requests/:id/close',
    {
      schema: {
        tags,
        summary: 'Close an erasure request once handled, with an optional note (audited)',
        params: idParams,
        body: closeErasureRequestSchema,
        response: { 200: erasureRequestSchema },
      },
    },
    async (request) =>
      closeErasureRequestByStaff({
        db,
        caller: requireCaller(request),
        id: request.params.id,
        note: request.body.Note,
        now: now(),
      }),
  );
}
