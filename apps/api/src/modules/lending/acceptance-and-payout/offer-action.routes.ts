import {
  acceptQuoteBodySchema,
  acceptQuoteResponseSchema,
  changeQuoteBodySchema,
  lenderSummarySchema,
  loanQuoteSchema,
} from '@nordloan/domain/lending/loan-quote.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { buildSecci, renderSecciHtml, renderSecciPdf } from '#src/modules/lending/presentation/secci.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { acceptQuote, changeQuote, loadQuoteForCaller, signingUrlFor } from './quote-actions.service.ts';

// Offer actions on one quote (§4 client events accept-offer, change-offer, go-to-bank, open-pre-purchase-
// information): accept, change, the lender's signing page, and the SECCI as a page and a PDF.

const tags = ['loan-quote'];
const params = z.object({ quoteId: z.string() });

export async function offerActionRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { panel: LenderPanel },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  // Every call here needs a token: 401 before the body is validated (issue 32).
  app.addHook('preValidation', tokenRequiredFirst);

  routes.post(
    '/loan-quote/:quoteId/accept',
    {
      schema: {
        tags,
        summary: 'Accept an offer (AcceptanceStatus pending → accepted or failed when the lender answers)',
        description:
          '201 with AcceptanceStatus pending for a new acceptance; 200 already-accepted when this offer was accepted ' +
          'before; 409 already-accepted when another offer of the application was. Applicants confirm the SECCI ' +
          'and the sharing with the lender with Consent: true (or through the consent call first).',
        params,
        body: acceptQuoteBodySchema.nullish(),
        response: { 200: acceptQuoteResponseSchema, 201: acceptQuoteResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await acceptQuote({
        db,
        caller: requireCaller(request),
        quoteId: request.params.quoteId,
        consent: request.body?.Consent,
        now,
      });
      return reply.status(result.statusCode).send(result.body);
    },
  );

  routes.post(
    '/loan-quote/:quoteId/change',
    {
      schema: {
        tags,
        summary:
          'Change amount and/or term of an open offer: the lender answers with a new quote (the old is superseded)',
        params,
        body: changeQuoteBodySchema,
        response: { 201: loanQuoteSchema },
      },
    },
    async (request, reply) => {
      const quote = await changeQuote({
        db,
        caller: requireCaller(request),
        quoteId: request.params.quoteId,
        amount: request.body.Amount,
        durationMonths: request.body.DurationMonths,
        panel,
        now,
      });
      return reply.status(201).send(quote);
    },
  );

  routes.post(
    '/loan-quote/:quoteId/go-to-bank',
    {
      schema: {
        tags,
        summary: "The lender's signing page for an accepted offer",
        params,
        response: {
          200: z.object({ LoanQuoteID: z.string(), Lender: lenderSummarySchema, SigningUrl: z.string() }),
        },
      },
    },
    async (request) => signingUrlFor({ db, caller: requireCaller(request), quoteId: request.params.quoteId }),
  );

  routes.get(
    '/loan-quote/:quoteId/secci',
    { schema: { tags, summary: 'Pre-contractual information (SECCI) of the quote as an HTML page', params } },
    async (request, reply) => {
      const { quote, application } = await loadQuoteForCaller(
        db,
        requireCaller(request),
        request.params.quoteId,
      );
      return reply.type('text/html; charset=utf-8').send(renderSecciHtml(buildSecci(quote, application)));
    },
  );

  routes.get(
    '/loan-quote/:quoteId/secci.pdf',
    { schema: { tags, summary: 'Pre-contractual information (SECCI) of the quote as a PDF', params } },
    async (request, reply) => {
      const { quote, application } = await loadQuoteForCaller(
        db,
        requireCaller(request),
        request.params.quoteId,
      );
      const pdf = await renderSecciPdf(buildSecci(quote, application));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="secci-${quote.id}.pdf"`)
        .send(pdf);
    },
  );
}
