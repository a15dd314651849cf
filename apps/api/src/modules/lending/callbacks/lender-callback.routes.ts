import { loanApplicationSchema } from '@nordloan/domain/loan-application';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { presentApplication } from '#src/modules/loan-applications/loan-application.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  reportDisbursed,
  reportDisbursementDecision,
  reportLenderOutcome,
} from './lender-callback.service.ts';

// Lender callbacks (lender-callback.service.ts): what a lender's asynchronous API reports after the
// customer accepted: its disbursement decision (510 → 600/570), the payout (610 → 700), a payout that
// did not happen (670), a cancellation (x80) and a commission clawback (700 → 800).

const tags = ['lender-callback'];
const params = z.object({ lenderId: z.string(), quoteId: z.string() });

export async function lenderCallbackRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { panel: LenderPanel },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  // A lender's service account calls these: anyone else without a token gets 401 before the body is
  // validated, not a 400 describing what a callback carries (issue 32).
  app.addHook('preValidation', tokenRequiredFirst);
  const respond = { 200: loanApplicationSchema };

  routes.post(
    '/lender-callback/:lenderId/loan-quote/:quoteId/disbursement-decision',
    {
      schema: {
        tags,
        summary: 'The lender approves (→ 600) or refuses (→ 570) the payout of the accepted offer',
        params,
        body: z.object({
          Decision: z.enum(['approved', 'declined']),
          /** §4 561 documents, 562 credit check, 563 identification, 569 other. */
          Code: z.union([z.literal(561), z.literal(562), z.literal(563), z.literal(569)]).optional(),
          Reason: z.string().trim().max(500).optional(),
        }),
        response: respond,
      },
    },
    async (request) => {
      const row = await reportDisbursementDecision({
        db,
        caller: requireCaller(request),
        panel,
        lenderId: request.params.lenderId,
        quoteId: request.params.quoteId,
        decision: request.body.Decision,
        ...(request.body.Code ? { code: request.body.Code } : {}),
        ...(request.body.Reason ? { reason: request.body.Reason } : {}),
        now,
      });
      return presentApplication(db, row);
    },
  );

  routes.post(
    '/lender-callback/:lenderId/loan-quote/:quoteId/disbursed',
    {
      schema: {
        tags,
        summary: 'The lender paid the loan out (→ 700)',
        params,
        body: z.object({ Reference: z.string().trim().min(1).max(200) }),
        response: respond,
      },
    },
    async (request) => {
      const row = await reportDisbursed({
        db,
        caller: requireCaller(request),
        panel,
        lenderId: request.params.lenderId,
        quoteId: request.params.quoteId,
        reference: request.body.Reference,
        now,
      });
      return presentApplication(db, row);
    },
  );

  for (const outcome of ['not-disbursed', 'clawback', 'cancelled'] as const) {
    routes.post(
      `/lender-callback/:lenderId/loan-quote/:quoteId/${outcome}`,
      {
        schema: {
          tags,
          summary:
            outcome === 'not-disbursed'
              ? 'The payout did not happen (→ 670)'
              : 'Commission clawed back (700 → 800)',
          params,
          body: z.object({ Reason: z.string().trim().min(1).max(500) }),
          response: respond,
        },
      },
      async (request) => {
        const row = await reportLenderOutcome({
          db,
          caller: requireCaller(request),
          panel,
          lenderId: request.params.lenderId,
          quoteId: request.params.quoteId,
          outcome,
          reason: request.body.Reason,
          now,
        });
        return presentApplication(db, row);
      },
    );
  }
}
