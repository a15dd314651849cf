import { loanQuoteSchema, withdrawalWindowSchema } from '@nordloan/domain/lending/loan-quote.schema';
import { loanApplicationSchema, patchLoanApplicationFieldsSchema } from '@nordloan/domain/loan-application';
import { applicationStatusCodeSchema } from '@nordloan/domain/statuses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderPanel } from '#src/modules/lending/fan-out/registration.service.ts';
import { lendingSummary } from '#src/modules/lending/presentation/lending-summary.service.ts';
import { originOfRequest, rememberLinkOrigin } from '#src/modules/messages/link-origin.service.ts';
import { brandOfApplication } from '#src/modules/messages/message.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  blockApplication,
  changeStatusByStaff,
  cloneForResubmission,
  submitApplication,
  withdrawApplication,
} from './application-lifecycle.service.ts';

// The application's status actions (§7 PATCH …/application-complete; withdraw, block, resubmission, staff
// status changes; ADR 0008) and its lending summary (loan requests with finer codes, history, the accepted
// offer and the 14-day withdrawal window).

const tags = ['lending'];
const params = z.object({ id: z.string() });

export async function applicationLifecycleRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { panel: LenderPanel },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  // Every call here needs a token: 401 before the body is validated (issue 32).
  app.addHook('preValidation', tokenRequiredFirst);

  routes.patch(
    '/loan-application/:id/application-complete',
    {
      schema: {
        tags,
        summary:
          'The applicant submits the application (→ 160); validation, external data and the lender fan-out follow',
        params,
        // §7 sends "body"; nothing in it is needed: the stored application is what is submitted.
        body: z.object({}).passthrough().nullish(),
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) => {
      const submitted = await submitApplication({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
      });
      // The messages that follow (offers arrived, …) link to the address the applicant applied on.
      await rememberLinkOrigin(db, {
        config: options.config,
        application: { id: submitted.ID, brand: brandOfApplication({ brand: submitted.Brand }) },
        origin: originOfRequest(request, options.config),
        now: now(),
      });
      return submitted;
    },
  );

  routes.post(
    '/loan-application/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'The customer withdraws the application (190, 290 … 690 by phase)',
        params,
        body: z.object({ Reason: z.string().trim().max(500).optional() }).nullish(),
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      withdrawApplication({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
        ...(request.body?.Reason ? { reason: request.body.Reason } : {}),
      }),
  );

  routes.post(
    '/loan-application/:id/block',
    {
      schema: {
        tags,
        summary: 'Staff block the application for sanctions (198) or fraud (199)',
        params,
        body: z.object({
          Reason: z.enum(['sanctions', 'fraud']),
          Comment: z.string().trim().max(1000).optional(),
        }),
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      blockApplication({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
        blockReason: request.body.Reason,
        ...(request.body.Comment ? { comment: request.body.Comment } : {}),
      }),
  );

  routes.post(
    '/loan-application/:id/status',
    {
      schema: {
        tags,
        summary: 'Staff move the application to a status the transition table allows their roles',
        params,
        body: z.object({ Status: applicationStatusCodeSchema, Reason: z.string().trim().min(1).max(1000) }),
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      changeStatusByStaff({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
        to: request.body.Status,
        reason: request.body.Reason,
        panel,
      }),
  );

  routes.post(
    '/loan-application/:id/resubmission',
    {
      schema: {
        tags,
        summary:
          'Clone for resubmission (388 with co-applicant, 588, 688): the original ends, a copy starts at 100',
        params,
        body: z
          .object({
            Changes: patchLoanApplicationFieldsSchema
              .omit({ Revision: true, MainApplicant: true, CoApplicant: true })
              .optional(),
          })
          .nullish(),
        response: { 201: z.object({ Original: loanApplicationSchema, Clone: loanApplicationSchema }) },
      },
    },
    async (request, reply) => {
      const result = await cloneForResubmission({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
        changes: request.body?.Changes,
      });
      return reply.status(201).send(result);
    },
  );

  routes.get(
    '/loan-application/:id/lending',
    {
      schema: {
        tags,
        summary:
          'Lending summary: loan requests per lender (finer codes), status history, accepted offer, withdrawal window',
        params,
        response: {
          200: z.object({
            LoanApplicationID: z.string(),
            Status: z.number().int(),
            StatusName: z.string(),
            LoanRequests: z.array(
              z.object({
                ID: z.string(),
                LenderID: z.string(),
                LenderName: z.string(),
                Status: z.number().int(),
                StatusName: z.string(),
                CoarseStatus: z.string().nullable(),
                ReasonCode: z.string().nullable(),
                RegisteredAt: z.string().nullable(),
                DecidedAt: z.string().nullable(),
              }),
            ),
            History: z.array(
              z.object({
                From: z.number().int(),
                To: z.number().int(),
                ActorKind: z.string(),
                Reason: z.string(),
                CreatedAt: z.string(),
              }),
            ),
            AcceptedQuote: loanQuoteSchema.nullable(),
            WithdrawalWindow: withdrawalWindowSchema.nullable(),
          }),
        },
      },
    },
    async (request) =>
      lendingSummary({ db, caller: requireCaller(request), applicationId: request.params.id, now }),
  );
}
