import {
  assignBodySchema,
  assignmentListItemSchema,
  assignmentListQuerySchema,
  assignmentSchema,
  bucketCreateSchema,
  bucketPatchSchema,
  bucketSchema,
  bucketSummaryViewSchema,
  countryQuerySchema,
  listOf,
  processedBodySchema,
  takeNextSchema,
} from '@nordloan/domain/backoffice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate, staffOf } from '#src/modules/staff/staff.service.ts';
import {
  assign,
  bucketSummaries,
  changeBucket,
  createBucket,
  listBucketsFor,
  listQueue,
  markProcessed,
  takeNext,
} from './queue.service.ts';

const idParams = z.object({ id: z.string() });
const tags = ['backoffice'];

export async function queueRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { db, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const gate = staffGate(db);
  const context = (request: FastifyRequest) => ({ db, now, staff: staffOf(request) });

  routes.get(
    '/backoffice/buckets',
    { preValidation: gate, schema: { tags, response: { 200: z.array(bucketSchema) } } },
    async (request) => listBucketsFor(context(request)),
  );

  routes.post(
    '/backoffice/buckets',
    {
      preValidation: gate,
      schema: { tags, body: bucketCreateSchema, response: { 201: bucketSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createBucket({ ...context(request), input: request.body });
    },
  );

  routes.patch(
    '/backoffice/buckets/:id',
    {
      preValidation: gate,
      schema: { tags, params: idParams, body: bucketPatchSchema, response: { 200: bucketSchema } },
    },
    async (request) =>
      changeBucket({ ...context(request), bucketId: request.params.id, input: request.body }),
  );

  routes.get(
    '/backoffice/buckets/summary',
    {
      preValidation: gate,
      schema: { tags, querystring: countryQuerySchema, response: { 200: z.array(bucketSummaryViewSchema) } },
    },
    async (request) => bucketSummaries({ ...context(request), country: request.query.country }),
  );

  routes.get(
    '/backoffice/assignments',
    {
      preValidation: gate,
      schema: {
        tags,
        querystring: assignmentListQuerySchema,
        response: { 200: listOf(assignmentListItemSchema) },
      },
    },
    async (request) => listQueue({ ...context(request), query: request.query }),
  );

  routes.post(
    '/backoffice/assignments/next',
    {
      preValidation: gate,
      schema: { tags, body: takeNextSchema, response: { 200: assignmentSchema } },
    },
    async (request) => takeNext({ ...context(request), bucketId: request.body.BucketID }),
  );

  routes.post(
    '/backoffice/assignments/:id/assign',
    {
      preValidation: gate,
      schema: { tags, params: idParams, body: assignBodySchema, response: { 200: assignmentSchema } },
    },
    async (request) =>
      assign({
        ...context(request),
        assignmentId: request.params.id,
        assigneeId: request.body.AssigneeID,
        revision: request.body.Revision,
      }),
  );

  routes.post(
    '/backoffice/assignments/:id/processed',
    {
      preValidation: gate,
      schema: { tags, params: idParams, body: processedBodySchema, response: { 200: assignmentSchema } },
    },
    async (request) =>
      markProcessed({
        ...context(request),
        assignmentId: request.params.id,
        revision: request.body.Revision,
      }),
  );
}
