import {
  agentSchema,
  callOrderSchema,
  callRecordSchema,
  callWrapUpBodySchema,
} from '@nordloan/domain/backoffice';
import {
  agentListQuerySchema,
  agentPageSchema,
  callListQuerySchema,
  callOrderPageSchema,
  callRecordListQuerySchema,
  callRecordPageSchema,
  createCallOrderBodySchema,
  updateAgentBodySchema,
} from '@nordloan/domain/calls';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { listAgents, setAgentDisabled } from './agents.service.ts';
import {
  applyTelephonyEvent,
  createCallOrder,
  getCallRecord,
  listCallList,
  listCallRecords,
  startCall,
  wrapUpCall,
} from './calls.service.ts';
import type { TelephonyAdapter } from './telephony-adapter.ts';

export interface CallRoutesOptions extends ModuleOptions {
  /** The telephony provider (the local stand-in unless another is wired in; ADR 0022). */
  telephony: TelephonyAdapter;
}

// Back-office outbound calls and agents (issue 9; contract in docs/decisions/0022-calls-and-screening.md).
export async function callRoutes(app: FastifyInstance, options: CallRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, telephony } = options;
  telephony.onEvent(async (event) => {
    try {
      await applyTelephonyEvent(db, event, now());
    } catch (error) {
      app.log.error(
        { err: error, callRecordId: event.reference, kind: event.kind },
        'telephony event not stored',
      );
    }
  });
  app.addHook('onClose', async () => telephony.close());
  // The staff gate (ADR 0020) before any body or query is looked at: 401 without a token, 403 for an
  // applicant, a token that names no agent, or a disabled agent.
  app.addHook('preValidation', staffGate(db));
  const tags = ['backoffice'];
  const idParams = z.object({ id: z.string() });

  routes.get(
    '/backoffice/call-list',
    {
      schema: {
        tags,
        summary: 'Call orders not yet answered, oldest first',
        querystring: callListQuerySchema,
        response: { 200: callOrderPageSchema },
      },
    },
    async (request) => {
      const { country, offset, limit } = request.query;
      return listCallList({ db, caller: requireCaller(request), country, paging: { offset, limit } });
    },
  );

  routes.post(
    '/backoffice/call-orders',
    {
      schema: {
        tags,
        summary: 'Order a call to the applicant',
        body: createCallOrderBodySchema,
        response: { 201: callOrderSchema },
      },
    },
    async (request, reply) => {
      const order = await createCallOrder({
        db,
        caller: requireCaller(request),
        body: request.body,
        now: now(),
      });
      return reply.status(201).send(order);
    },
  );

  routes.post(
    '/backoffice/call-orders/:id/calls',
    {
      schema: {
        tags,
        summary: 'Place a call on the order through the telephony provider',
        params: idParams,
        response: { 201: callRecordSchema },
      },
    },
    async (request, reply) => {
      const record = await startCall({
        db,
        caller: requireCaller(request),
        orderId: request.params.id,
        telephony,
        now,
        log: request.log,
      });
      return reply.status(201).send(record);
    },
  );

  routes.get(
    '/backoffice/call-records',
    {
      schema: {
        tags,
        summary: 'Call records, newest first',
        querystring: callRecordListQuerySchema,
        response: { 200: callRecordPageSchema },
      },
    },
    async (request) => {
      const { LoanApplicationID, country, offset, limit } = request.query;
      return listCallRecords({
        db,
        caller: requireCaller(request),
        loanApplicationId: LoanApplicationID,
        country,
        paging: { offset, limit },
      });
    },
  );

  routes.get(
    '/backoffice/call-records/:id',
    { schema: { tags, params: idParams, response: { 200: callRecordSchema } } },
    async (request) => getCallRecord({ db, caller: requireCaller(request), id: request.params.id }),
  );

  routes.post(
    '/backoffice/call-records/:id/wrap-up',
    {
      schema: {
        tags,
        summary: "The agent's wrap-up of a call: outcome, note, next contact date (once per call)",
        params: idParams,
        body: callWrapUpBodySchema,
        response: { 200: callRecordSchema },
      },
    },
    async (request) =>
      wrapUpCall({
        db,
        caller: requireCaller(request),
        id: request.params.id,
        body: request.body,
        now: now(),
      }),
  );

  routes.get(
    '/backoffice/agents',
    {
      schema: {
        tags,
        summary: 'Agents of the markets the caller works in',
        querystring: agentListQuerySchema,
        response: { 200: agentPageSchema },
      },
    },
    async (request) => {
      const { country, offset, limit } = request.query;
      return listAgents({ db, caller: requireCaller(request), country, paging: { offset, limit } });
    },
  );

  routes.patch(
    '/backoffice/agents/:id',
    {
      schema: {
        tags,
        summary: 'Enable or disable an agent (Manager, Super)',
        params: idParams,
        body: updateAgentBodySchema,
        response: { 200: agentSchema },
      },
    },
    async (request) =>
      setAgentDisabled({
        db,
        caller: requireCaller(request),
        agentId: request.params.id,
        disabled: request.body.Disabled,
        now: now(),
      }),
  );
}
