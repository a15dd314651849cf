import {
  loanQuoteSchema,
  productRecommendationSchema,
  quotesPresentationV2Schema,
} from '@nordloan/domain/lending/loan-quote.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  computeRecommendation,
  getQuoteConsent,
  giveQuoteConsent,
  latestRecommendation,
  listQuotesV1,
  paymentRemarks,
  quotesV2,
} from './quote-presentation.service.ts';

// §7 integration-service calls of the quote presentation, and §2's consent route.

const tags = ['loan-quote-presentation'];
const params = z.object({ id: z.string() });
const consentParams = z.object({ applicationId: z.string() });

const consentSchema = z.object({
  LoanApplicationID: z.string(),
  ConsentVersion: z.string(),
  Text: z.string(),
  Given: z.boolean(),
  GivenAt: z.string().nullable(),
  LoanQuoteID: z.string().nullable(),
});

const paymentRemarksSchema = z.object({
  LoanApplicationID: z.string(),
  Checked: z.boolean(),
  CheckedAt: z.string().nullable(),
  HasPaymentRemarks: z.boolean(),
  PaymentRemarks: z.array(
    z.object({
      ApplicantRole: z.string(),
      Creditor: z.string(),
      Amount: z.number(),
      RegisteredAt: z.string(),
    }),
  ),
  LendersAcceptingPaymentRemarks: z.array(z.object({ ID: z.string(), Name: z.string() })),
  Message: z.string().nullable(),
});

export async function quotePresentationRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  // Every call here needs a token: 401 before the body is validated (issue 32).
  app.addHook('preValidation', tokenRequiredFirst);
  const access = (request: { params: { id: string } } & Parameters<typeof requireCaller>[0]) => ({
    db,
    now,
    caller: requireCaller(request),
    applicationId: request.params.id,
  });

  routes.get(
    '/loan-quote-presentation/application/:id/quotes',
    {
      schema: {
        tags,
        summary: 'Every quote of the application shown to the applicant, open or not (never withheld ones)',
        params,
        response: { 200: z.array(loanQuoteSchema) },
      },
    },
    async (request) => listQuotesV1(access(request)),
  );

  routes.get(
    '/loan-quote-presentation/v2/application/:id/quotes',
    {
      schema: {
        tags,
        summary:
          'Open and accepted quotes grouped (offers, counter-offers) and sorted, with representative examples',
        params,
        response: { 200: quotesPresentationV2Schema },
      },
    },
    async (request) => quotesV2(access(request)),
  );

  routes.get(
    '/loan-quote-presentation/v2/application/:id/payment-remarks',
    {
      schema: {
        tags,
        summary: 'Payment remarks the credit bureau reported',
        params,
        response: { 200: paymentRemarksSchema },
      },
    },
    async (request) => paymentRemarks(access(request)),
  );

  routes.get(
    '/loan-quote-presentation/product-recommendation/loan-application/:id/latest',
    {
      schema: {
        tags,
        summary: 'The latest product recommendation (404 before one was computed)',
        params,
        response: { 200: productRecommendationSchema },
      },
    },
    async (request) => latestRecommendation(access(request)),
  );

  routes.post(
    '/loan-quote-presentation/product-recommendation/loan-application/:id',
    {
      schema: {
        tags,
        summary: 'Compute a product recommendation (empty body); it says why',
        params,
        body: z.unknown().optional(),
        response: { 201: productRecommendationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await computeRecommendation(access(request))),
  );

  routes.get(
    '/loan-quote-presentation/consent/loan-application/:applicationId',
    {
      schema: {
        tags,
        summary: 'The loan-quote accept consent: its text in the brand language and whether it was given',
        params: consentParams,
        response: { 200: consentSchema },
      },
    },
    async (request) =>
      getQuoteConsent({
        db,
        now,
        caller: requireCaller(request),
        applicationId: request.params.applicationId,
      }),
  );

  routes.post(
    '/loan-quote-presentation/consent/loan-application/:applicationId',
    {
      schema: {
        tags,
        summary:
          'The applicant gives the loan-quote accept consent; it covers accepting only the quote it names (LoanQuoteID)',
        params: consentParams,
        // A quote's id or none: an empty string reached the uuid column as a 500 (issue 32).
        body: z.object({ LoanQuoteID: z.uuid('LoanQuoteID must be a loan quote id').optional() }).nullish(),
        response: { 201: consentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await giveQuoteConsent({
          db,
          now,
          caller: requireCaller(request),
          applicationId: request.params.applicationId,
          quoteId: request.body?.LoanQuoteID,
        }),
      ),
  );
}
