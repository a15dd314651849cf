import {
  creditWithdrawalBodySchema,
  creditWithdrawalSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderWithdrawalApi } from '#src/modules/lending/lender-api/lender-withdrawal.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { getCreditWithdrawal, withdrawFromCredit } from './withdrawal.service.ts';
import { withdrawalJobHandlers } from './withdrawal-jobs.ts';

// Withdrawal from a signed credit agreement (CCD2 art. 26; docs/decisions/0066): GET is the first step
// (what withdrawing means now: the window, the amount to pay back and the deadline), POST with
// { Confirm: true } the second. 404 for an application the caller does not take part in; 409 before the
// agreement is signed, after the 14 days, or a second time.

const tags = ['loan-application'];
const params = z.object({ id: z.string().max(100) });

export async function withdrawalRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { lenders: LenderWithdrawalApi; worker?: JobWorker | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, config } = options;
  if (options.worker) options.worker.register(withdrawalJobHandlers({ lenders: options.lenders }));

  routes.get(
    '/loan-application/:id/credit-withdrawal',
    {
      schema: {
        tags,
        summary:
          'Where the right to withdraw from the signed credit agreement stands, and what withdrawing now means (CCD2 art. 26)',
        params,
        response: { 200: creditWithdrawalSchema },
      },
    },
    async (request) =>
      getCreditWithdrawal({ db, now, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.post(
    '/loan-application/:id/credit-withdrawal',
    {
      // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        summary:
          'The customer withdraws from the signed credit agreement within 14 days; the lender is told (CCD2 art. 26)',
        params,
        body: creditWithdrawalBodySchema,
        response: { 201: creditWithdrawalSchema },
      },
    },
    async (request, reply) => {
      const result = await withdrawFromCredit({
        db,
        now,
        config,
        caller: requireCaller(request),
        applicationId: request.params.id,
      });
      return reply.status(201).send(result);
    },
  );
}
