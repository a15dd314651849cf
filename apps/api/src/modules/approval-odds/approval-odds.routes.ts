import { approvalOddsInputSchema, approvalOddsResultSchema } from '@nordloan/domain/lending/approval-odds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { publicRateLimit } from '#src/plugins/security.ts';
import { approvalOdds, type PrequalificationLenders } from './approval-odds.service.ts';

// POST /approval-odds (issue 35 item 1, docs/decisions/0074): per lender likely / possible / unlikely / no
// estimate and a rate range, from a soft pre-qualification. Anyone may ask (no token: nothing personal is
// given or kept), within the per-client limit for public calls.
export async function approvalOddsRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { lenders: PrequalificationLenders; timeoutMs?: number | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/approval-odds',
    {
      config: publicRateLimit,
      schema: {
        tags: ['pre-check'],
        security: [],
        description:
          'Approval odds before applying: each lender’s soft pre-qualification on the applicant’s own figures. No identity, no credit inquiry, nothing stored.',
        body: approvalOddsInputSchema,
        response: { 200: approvalOddsResultSchema },
      },
    },
    async (request) =>
      approvalOdds({
        input: request.body,
        lenders: options.lenders,
        now: options.now,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
  );
}
