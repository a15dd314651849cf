import {
  dataExportQuerySchema,
  erasureRequestSchema,
  latestErasureRequestSchema,
  personDataExportSchema,
} from '@nordloan/domain/privacy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { DocumentStorage } from '#src/modules/documents/document.service.ts';
import { defaultContentStore } from '#src/modules/terms/content.repository.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { exportPersonData } from './data-export.service.ts';
import { renderDataExportPdf } from './data-export-pdf.ts';
import { latestErasureRequest, requestErasure } from './erasure.service.ts';

// Issue 36 item 3 (docs/decisions/0069): "My data" on the personal page. Under the person (§7's
// /person/{id} style): the person's own copy of their data, as JSON and as a PDF in their language, and
// their erasure request. Only the person reaches them (another person's id is 404, staff 404).

const idParams = z.object({ id: z.string() });

export async function privacyRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { storage: DocumentStorage },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, storage } = options;
  const store = defaultContentStore();
  const tags = ['privacy'];
  app.addHook('preValidation', tokenRequiredFirst);

  routes.get(
    '/person/:id/data-export',
    {
      schema: {
        tags,
        summary: 'Everything we hold about the person (the person only), as JSON',
        params: idParams,
        response: { 200: personDataExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportPersonData({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        format: 'json',
        now: now(),
      });
      return reply.header('content-disposition', 'attachment; filename="my-data.json"').send(data);
    },
  );

  routes.get(
    '/person/:id/data-export.pdf',
    {
      schema: {
        tags,
        summary: "Everything we hold about the person (the person only), as a PDF in the brand's language",
        params: idParams,
        querystring: dataExportQuerySchema,
      },
    },
    async (request, reply) => {
      const data = await exportPersonData({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        format: 'pdf',
        now: now(),
      });
      const locale = request.query.Locale ?? request.brand.brand.i18n.defaultLocale;
      const pdf = await renderDataExportPdf(data, locale);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="my-data.pdf"')
        .send(pdf);
    },
  );

  routes.get(
    '/person/:id/erasure-request',
    {
      schema: {
        tags,
        summary:
          "The person's latest erasure request, with what was erased and what the law keeps until when",
        params: idParams,
        response: { 200: latestErasureRequestSchema },
      },
    },
    async (request) =>
      latestErasureRequest({ db, caller: requireCaller(request), personId: request.params.id }),
  );

  routes.post(
    '/person/:id/erasure-request',
    {
      schema: {
        tags,
        summary:
          'The person asks for erasure: what no law keeps goes at once; what the law keeps is listed with its law and date',
        params: idParams,
        body: z.object({}).optional(),
        response: { 200: erasureRequestSchema, 201: erasureRequestSchema },
      },
    },
    async (request, reply) => {
      const { request: erasure, created } = await requestErasure({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        now,
        store,
        storage,
        log: request.log,
      });
      return reply.code(created ? 201 : 200).send(erasure);
    },
  );
}
