import { countrySchema } from '@nordloan/domain/enums';
import {
  addLenderUserBodySchema,
  createLenderBodySchema,
  lenderUserSchema,
  lenderViewSchema,
  pauseLenderBodySchema,
  updateLenderBodySchema,
} from '@nordloan/domain/lending/lender-register';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import {
  createLender,
  editLender,
  getLenderForStaff,
  listLendersForStaff,
  setLenderPaused,
} from './lender.service.ts';
import { addLenderUser, listLenderUsers } from './lender-user.service.ts';

// Issue 33 item 4 (docs/decisions/0067): the country's Manager (or Super) keeps the lender panel. Behind the
// staff gate like every back-office route (401 before 400); the service asks lender.manage in the lender's
// country. No answer ever carries a secret.

const params = z.object({ lenderId: z.string().min(1).max(60) });

export async function lenderRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const tags = ['backoffice'];
  app.addHook('preValidation', staffGate(db));

  routes.get(
    '/backoffice/lenders',
    {
      schema: {
        tags,
        summary: 'The lenders of the countries where the caller manages lenders',
        querystring: z.object({ country: countrySchema.optional() }),
        response: { 200: z.array(lenderViewSchema) },
      },
    },
    async (request) =>
      listLendersForStaff({ db, caller: requireCaller(request), country: request.query.country }),
  );

  routes.post(
    '/backoffice/lenders',
    {
      schema: {
        tags,
        summary: 'Adds a lender with its own API or one that works in the lender portal',
        body: createLenderBodySchema,
        response: { 201: lenderViewSchema },
      },
    },
    async (request, reply) => {
      const view = await createLender({ db, caller: requireCaller(request), body: request.body, now: now() });
      return reply.code(201).send(view);
    },
  );

  routes.get(
    '/backoffice/lenders/:lenderId',
    { schema: { tags, summary: 'One lender', params, response: { 200: lenderViewSchema } } },
    async (request) =>
      getLenderForStaff({ db, caller: requireCaller(request), lenderId: request.params.lenderId }),
  );

  routes.patch(
    '/backoffice/lenders/:lenderId',
    {
      schema: {
        tags,
        summary: 'Edits a lender (a Secret replaces the stored one, which is never shown)',
        params,
        body: updateLenderBodySchema,
        response: { 200: lenderViewSchema },
      },
    },
    async (request) =>
      editLender({
        db,
        caller: requireCaller(request),
        lenderId: request.params.lenderId,
        body: request.body,
        now: now(),
      }),
  );

  routes.post(
    '/backoffice/lenders/:lenderId/pause',
    {
      schema: {
        tags,
        summary: 'Pauses a lender: no new application goes to it, the ones it has finish',
        params,
        body: pauseLenderBodySchema,
        response: { 200: lenderViewSchema },
      },
    },
    async (request) =>
      setLenderPaused({
        db,
        caller: requireCaller(request),
        lenderId: request.params.lenderId,
        paused: true,
        reason: request.body.Reason,
        now: now(),
      }),
  );

  routes.post(
    '/backoffice/lenders/:lenderId/resume',
    {
      schema: { tags, summary: 'Resumes a paused lender', params, response: { 200: lenderViewSchema } },
    },
    async (request) =>
      setLenderPaused({
        db,
        caller: requireCaller(request),
        lenderId: request.params.lenderId,
        paused: false,
        reason: null,
        now: now(),
      }),
  );

  routes.get(
    '/backoffice/lenders/:lenderId/users',
    {
      schema: {
        tags,
        summary: "The lender's people who work in the lender portal",
        params,
        response: { 200: z.array(lenderUserSchema) },
      },
    },
    async (request) =>
      listLenderUsers({ db, caller: requireCaller(request), lenderId: request.params.lenderId }),
  );

  routes.post(
    '/backoffice/lenders/:lenderId/users',
    {
      schema: {
        tags,
        summary: 'Adds a person of the lender to the lender portal (an agent with the Lender role)',
        params,
        body: addLenderUserBodySchema,
        response: { 201: lenderUserSchema },
      },
    },
    async (request, reply) => {
      const user = await addLenderUser({
        db,
        caller: requireCaller(request),
        lenderId: request.params.lenderId,
        body: request.body,
        now: now(),
      });
      return reply.code(201).send(user);
    },
  );
}
