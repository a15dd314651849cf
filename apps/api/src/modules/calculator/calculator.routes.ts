import { brandIdSchema } from '@nordloan/domain/brands/brand-config.schema';
import { getBrand } from '@nordloan/domain/brands/registry';
import { loanCostInputSchema } from '@nordloan/domain/finance/loan-math';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { publicRateLimit } from '#src/plugins/security.ts';
import { brandRepresentativeExample, loanCost } from './calculator.service.ts';

// The public calculator (issue 4): no token, validated (400 with field errors), rate-limited per client.

const tags = ['calculator'];

const loanCostResponseSchema = z.object({
  monthlyPayment: z.number(),
  totalCost: z.number(),
  totalPayable: z.number(),
  effectiveRate: z.number(),
});

const representativeExampleQuerySchema = z.object({
  brand: brandIdSchema,
  amount: z.coerce.number().finite().positive('Amount must be greater than 0').optional(),
  duration: z.coerce
    .number()
    .int('Duration must be a whole number of years')
    .min(1, 'Duration must be at least 1 year')
    .optional(),
});

const representativeExampleResponseSchema = z.object({
  brand: z.string(),
  locale: z.string(),
  currency: z.string(),
  amount: z.number(),
  durationYears: z.number(),
  nominalRate: z.number(),
  startupFee: z.number(),
  monthlyFee: z.number(),
  feeHandling: z.enum(['upfront', 'financed']),
  effectiveRate: z.number(),
  totalCost: z.number(),
  totalPayable: z.number(),
  monthlyPayment: z.number(),
  text: z.string(),
});

export async function calculatorRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/calculator/loan-cost',
    {
      config: publicRateLimit,
      schema: {
        tags,
        security: [],
        summary:
          'Monthly payment, total cost, total payable and effective rate of an annuity loan (unrounded)',
        description:
          'Rates in percent (11.9 means 11.9 %). feeHandling "upfront": the startup fee is paid at payout; ' +
          '"financed": it is added to the loan (CCD 2008/48/EC Annex I; ADR 0004).',
        body: loanCostInputSchema,
        response: { 200: loanCostResponseSchema },
      },
    },
    async (request) => loanCost(request.body),
  );

  routes.get(
    '/calculator/representative-example',
    {
      config: publicRateLimit,
      schema: {
        tags,
        security: [],
        summary: "The brand's legally required representative example, with its text in the brand's language",
        querystring: representativeExampleQuerySchema,
        response: { 200: representativeExampleResponseSchema },
      },
    },
    async (request) =>
      brandRepresentativeExample({
        brand: getBrand(request.query.brand),
        amount: request.query.amount,
        durationYears: request.query.duration,
        db: options.db,
        now: options.now(),
      }),
  );
}
