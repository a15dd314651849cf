import {
  changeRateWatchBodySchema,
  rateWatchSchema,
  renewRateWatchBodySchema,
  startRateWatchBodySchema,
} from '@nordloan/domain/lending/rate-watch';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { PrequalificationLenders } from '#src/modules/approval-odds/approval-odds.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  assertRateWatchCaller,
  changeRateWatch,
  getRateWatch,
  renewRateWatch,
  startRateWatch,
  stopRateWatch,
} from './rate-watch.service.ts';
import { rateWatchJobHandlers } from './rate-watch-jobs.ts';

// Rate watch after the loan (issue 36 item 2, docs/decisions/0081). The customer who took the loan only:
// 401 without a token (before the body is looked at), 404 for another person's application, 403 for the
// co-applicant and staff. Starting needs Consent: true; stopping is one press.

const tags = ['loan-application'];
const params = z.object({ id: z.string().max(100) });
const response = { 200: rateWatchSchema };

export async function rateWatchRoutes(
  app: FastifyInstance,
  options: ModuleOptions & {
    lenders: PrequalificationLenders;
    worker?: JobWorker | undefined;
    lenderTimeoutMs?: number | undefined;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, config } = options;
  options.worker?.register(
    rateWatchJobHandlers({ config, lenders: options.lenders, timeoutMs: options.lenderTimeoutMs }),
  );
  const base = '/loan-application/:id/rate-watch';
  const of = (request: { params: { id: string } } & Parameters<typeof requireCaller>[0]) => ({
    db,
    now,
    config,
    caller: requireCaller(request),
    applicationId: request.params.id,
  });

  // The caller first, then the body (401 → 404/403 → 400). The id is checked before it reaches the
  // database; a malformed one is left to the schema's 400.
  const callerFirst = [
    tokenRequiredFirst,
    async (request: FastifyRequest) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success) return;
      await assertRateWatchCaller({
        db,
        now,
        config,
        caller: requireCaller(request),
        applicationId: parsed.data.id,
      });
    },
  ];

  routes.get(
    base,
    {
      schema: {
        tags,
        summary: 'The rate watch of a paid-out loan: its settings and latest look',
        params,
        response,
      },
    },
    async (request) => getRateWatch(of(request)),
  );
  routes.post(
    base,
    {
      preValidation: callerFirst,
      schema: {
        tags,
        summary:
          'Start the rate watch (opt-in, its own consent): soft estimates every few months, a message only above the threshold',
        params,
        body: startRateWatchBodySchema,
        response: { 201: rateWatchSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startRateWatch({ ...of(request), body: request.body })),
  );
  routes.patch(
    base,
    {
      preValidation: callerFirst,
      schema: {
        tags,
        summary: 'Change how often, the threshold or the channel',
        params,
        body: changeRateWatchBodySchema,
        response,
      },
    },
    async (request) => changeRateWatch({ ...of(request), body: request.body }),
  );
  routes.post(
    `${base}/stop`,
    {
      preValidation: callerFirst,
      schema: { tags, summary: 'Stop the rate watch (one press; its consent is revoked)', params, response },
    },
    async (request) => stopRateWatch(of(request)),
  );
  routes.post(
    `${base}/renew`,
    {
      preValidation: callerFirst,
      schema: {
        tags,
        summary: 'Another 24 months from today, the consent given again',
        params,
        body: renewRateWatchBodySchema,
        response,
      },
    },
    async (request) => renewRateWatch(of(request)),
  );
}
