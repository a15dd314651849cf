import {
  humanReviewAnswerBodySchema,
  humanReviewOverviewSchema,
  humanReviewQueuePageSchema,
  humanReviewQueueQuerySchema,
  humanReviewRequestBodySchema,
  humanReviewSchema,
  staffHumanReviewSchema,
} from '@nordloan/domain/human-review';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { getHumanReviewOverview, requestHumanReview } from './human-review.service.ts';
import { type HumanReviewLenders, registerHumanReviewJobs } from './human-review-jobs.ts';
import {
  answerHumanReviewAsStaff,
  getHumanReviewForStaff,
  listHumanReviewQueue,
  type NotifyReviewAnswered,
} from './human-review-staff.service.ts';

export interface HumanReviewRoutesOptions extends ModuleOptions {
  /** The lenders' review operation (lending's lender API; wired in app.ts). */
  lenders: HumanReviewLenders;
  /** The message to the applicant when staff answer (the messages module; wired in app.ts). */
  notify: NotifyReviewAnswered;
  worker?: JobWorker | undefined;
}

// CCD2 art. 18(8) (issue 34 item 3, docs/decisions/0065): the applicant's request for a human review of an
// automated decision, and the back office's queue and answer. Thin: schema, one service call.
export async function humanReviewRoutes(app: FastifyInstance, options: HumanReviewRoutesOptions) {
  const { db, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.string() });
  // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
  app.addHook('preValidation', tokenRequiredFirst);
  if (options.worker) registerHumanReviewJobs(options.worker, { lenders: options.lenders });

  routes.get(
    '/loan-application/:id/human-review',
    {
      schema: {
        tags: ['loan-application'],
        summary:
          'The automated decisions on the application that can be reviewed by a person, and the reviews asked for',
        params: idParams,
        response: { 200: humanReviewOverviewSchema },
      },
    },
    async (request) =>
      getHumanReviewOverview({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.post(
    '/loan-application/:id/human-review',
    {
      schema: {
        tags: ['loan-application'],
        summary: 'Ask for a human review of the declines and automated refusals (CCD2 art. 18(8))',
        params: idParams,
        body: humanReviewRequestBodySchema,
        response: { 201: humanReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await requestHumanReview({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        body: request.body,
        now: now(),
      });
      return reply.status(201).send(review);
    },
  );

  await app.register(async (staff) => {
    // The staff gate (ADR 0055) before any body or query is looked at.
    staff.addHook('preValidation', staffGate(db));
    const staffRoutes = staff.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    staffRoutes.get(
      '/backoffice/human-reviews',
      {
        schema: {
          tags,
          summary: 'Human reviews to answer (or answered), by due date',
          querystring: humanReviewQueueQuerySchema,
          response: { 200: humanReviewQueuePageSchema },
        },
      },
      async (request) =>
        listHumanReviewQueue({ db, caller: requireCaller(request), query: request.query, now: now() }),
    );
    staffRoutes.get(
      '/backoffice/human-reviews/:id',
      {
        schema: {
          tags,
          summary: "One human review: the decisions, the applicant's view, the lenders' answers",
          params: idParams,
          response: { 200: staffHumanReviewSchema },
        },
      },
      async (request) =>
        getHumanReviewForStaff({
          db,
          caller: requireCaller(request),
          reviewId: request.params.id,
          now: now(),
        }),
    );
    staffRoutes.post(
      '/backoffice/human-reviews/:id/answer',
      {
        schema: {
          tags,
          summary: 'Answer a human review with the main reasons; the applicant is told',
          params: idParams,
          body: humanReviewAnswerBodySchema,
          response: { 200: staffHumanReviewSchema },
        },
      },
      async (request) =>
        answerHumanReviewAsStaff({
          db,
          caller: requireCaller(request),
          reviewId: request.params.id,
          body: request.body,
          now: now(),
          notify: options.notify,
        }),
    );
  });
}
