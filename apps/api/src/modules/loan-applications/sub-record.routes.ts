import {
  carInputSchema,
  carPatchSchema,
  carSchema,
  channelSnapshotInputSchema,
  channelSnapshotSchema,
  childInputSchema,
  childPatchSchema,
  childSchema,
  debtInputSchema,
  debtPatchSchema,
  debtSchema,
  expenseInputSchema,
  expensePatchSchema,
  expenseSchema,
} from '@nordloan/domain/loan-application';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '#src/lib/app-error.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { applicationIdParams } from './route-params.ts';
import type { SubRecordKind } from './sub-record.repository.ts';
import {
  createApplicationChannelSnapshot,
  createApplicationSubRecord,
  deleteApplicationSubRecord,
  listApplicationChannelSnapshots,
  listApplicationSubRecords,
  patchApplicationSubRecord,
} from './sub-record.service.ts';

// §7 "GET, POST, PATCH, DELETE /loan-application/{id}/car, /child, /debt, /expense" and
// "GET, POST /loan-application/{id}/channel-snapshot".

const tags = ['loan-application sub-records'];

const kinds = {
  car: { input: carInputSchema, patch: carPatchSchema, output: carSchema },
  child: { input: childInputSchema, patch: childPatchSchema, output: childSchema },
  debt: { input: debtInputSchema, patch: debtPatchSchema, output: debtSchema },
  expense: { input: expenseInputSchema, patch: expensePatchSchema, output: expenseSchema },
} as const;

// "DELETE sends ID": in a JSON body, or as ?ID= for clients that send no body with DELETE.
const deleteBody = z.object({ ID: z.uuid().optional() }).nullish();
const deleteQuery = z.object({ ID: z.uuid().optional(), id: z.uuid().optional() });

export async function subRecordRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  for (const kind of Object.keys(kinds) as SubRecordKind[]) {
    const schemas = kinds[kind];
    const url = `/loan-application/:id/${kind}`;

    routes.get(
      url,
      {
        schema: {
          tags,
          summary: `The application's ${kind} records`,
          params: applicationIdParams,
          response: { 200: z.array(schemas.output) },
        },
      },
      async (request) =>
        listApplicationSubRecords({ db, caller: requireCaller(request), id: request.params.id, kind }),
    );

    routes.post(
      url,
      {
        schema: {
          tags,
          summary: `Add a ${kind} record`,
          params: applicationIdParams,
          body: schemas.input,
          response: { 201: schemas.output },
        },
      },
      async (request, reply) => {
        const created = await createApplicationSubRecord({
          db,
          caller: requireCaller(request),
          now,
          id: request.params.id,
          kind,
          input: request.body as never,
        });
        return reply.status(201).send(created);
      },
    );

    routes.patch(
      url,
      {
        schema: {
          tags,
          summary: `Change a ${kind} record (fields plus ID)`,
          params: applicationIdParams,
          body: schemas.patch,
          response: { 200: schemas.output },
        },
      },
      async (request) =>
        patchApplicationSubRecord({
          db,
          caller: requireCaller(request),
          now,
          id: request.params.id,
          kind,
          input: request.body as never,
        }),
    );

    routes.delete(
      url,
      {
        schema: {
          tags,
          summary: `Remove a ${kind} record by ID`,
          params: applicationIdParams,
          body: deleteBody,
          querystring: deleteQuery,
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const recordId = request.body?.ID ?? request.query.ID ?? request.query.id;
        if (!recordId) throw fieldError('ID', 'ID is required');
        await deleteApplicationSubRecord({ db, caller, now, id: request.params.id, kind, recordId });
        return reply.status(204).send();
      },
    );
  }

  routes.get(
    '/loan-application/:id/channel-snapshot',
    {
      schema: {
        tags,
        summary: 'Where the applicant came from, oldest first',
        params: applicationIdParams,
        response: { 200: z.array(channelSnapshotSchema) },
      },
    },
    async (request) =>
      listApplicationChannelSnapshots({ db, caller: requireCaller(request), id: request.params.id }),
  );

  routes.post(
    '/loan-application/:id/channel-snapshot',
    {
      schema: {
        tags,
        summary: 'Record a channel snapshot',
        params: applicationIdParams,
        body: channelSnapshotInputSchema,
        response: { 201: channelSnapshotSchema },
      },
    },
    async (request, reply) => {
      const created = await createApplicationChannelSnapshot({
        db,
        caller: requireCaller(request),
        now,
        id: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );
}
