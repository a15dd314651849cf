import { preCheckInputSchema, preCheckResultSchema } from '@nordloan/domain/pre-check';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { runPreCheck } from './pre-check.service.ts';

// POST /loan-application/pre-check (docs/decisions/0028): likely / unlikely with the reasons, and the
// lenders' indicative offers, from a few answers — no token, nothing stored, no credit bureau.
export async function preCheckRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/loan-application/pre-check',
    {
      schema: {
        tags: ['pre-check'],
        security: [],
        description:
          'Indicative pre-check (one-form) and discovery-loan pre-qualification: the lenders’ own policies on the applicant’s answers, without identity or a credit check. Nothing is stored.',
        body: preCheckInputSchema,
        response: { 200: preCheckResultSchema },
      },
    },
    async (request) => runPreCheck({ input: request.body, seed: options.config.worker.lenderSeed }),
  );
}
