import { personCheckSchema } from '@nordloan/domain/backoffice';
import {
  personCheckDecisionBodySchema,
  personCheckDecisionSchema,
  screeningReviewPageSchema,
  screeningReviewQuerySchema,
} from '@nordloan/domain/screening';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { runScreening } from './screening.service.ts';
import type { ScreeningAdapter } from './screening-adapter.ts';
import { decidePersonCheck, listScreeningReviews } from './screening-review.service.ts';

export interface ScreeningRoutesOptions extends ModuleOptions {
  /** The screening provider (the local list unless another is wired in; ADR 0022). */
  screening: ScreeningAdapter;
}

// PEP/sanctions screening on demand and the review of its hits, for compliance staff in the back office
// (issue 9; docs/decisions/0022-calls-and-screening.md, 0056). The paths stay the back office's.
export async function screeningRoutes(app: FastifyInstance, options: ScreeningRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  // The staff gate (ADR 0020) before any body or query is looked at: 401 without a token, 403 for an
  // applicant, a token that names no agent, or a disabled agent.
  app.addHook('preValidation', staffGate(db));
  const tags = ['backoffice'];
  const idParams = z.object({ id: z.string() });

  routes.post(
    '/backoffice/applications/:id/screening',
    {
      schema: {
        tags,
        summary: 'Screen every applicant of the application against the PEP and sanctions lists',
        params: idParams,
        response: { 201: z.array(personCheckSchema) },
      },
    },
    async (request, reply) => {
      const checks = await runScreening({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        adapter: options.screening,
        now: now(),
      });
      return reply.status(201).send(checks);
    },
  );

  routes.get(
    '/backoffice/screening/reviews',
    {
      schema: {
        tags,
        summary: 'Open screening hits waiting for a decision, oldest first',
        querystring: screeningReviewQuerySchema,
        response: { 200: screeningReviewPageSchema },
      },
    },
    async (request) => {
      const { country, offset, limit } = request.query;
      return listScreeningReviews({ db, caller: requireCaller(request), country, paging: { offset, limit } });
    },
  );

  routes.post(
    '/backoffice/person-checks/:id/decision',
    {
      schema: {
        tags,
        summary: 'Clear a screening hit (the application continues) or block the application (198/199)',
        params: idParams,
        body: personCheckDecisionBodySchema,
        response: { 200: personCheckDecisionSchema },
      },
    },
    async (request) =>
      decidePersonCheck({
        db,
        caller: requireCaller(request),
        personCheckId: request.params.id,
        body: request.body,
        now: now(),
      }),
  );
}
