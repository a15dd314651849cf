import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { documentSchema, MAX_DOCUMENT_BYTES, patchDocumentBodySchema } from '@nordloan/domain/document';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst, uploadRateLimit } from '#src/plugins/security.ts';
import {
  deleteDocument,
  getDocument,
  listDocuments,
  openDocument,
  patchDocument,
  type UploadPart,
  uploadDocument,
} from './document.service.ts';
import { createLocalDocumentStorage, type DocumentStorage } from './document-storage.ts';

const applicationParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), documentId: z.string() });

/** RFC 6266 / RFC 8187: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

// §7 document calls (§3 Document, §5/§9 upload rules). Storage: DATA_DIR/documents (ADR 0012).
export async function documentRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { storage?: DocumentStorage },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const storage = options.storage ?? createLocalDocumentStorage(join(options.config.dataDir, 'documents'));
  const tags = ['documents'];
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  // Only in this plugin's scope. Busboy may read one byte past the limit: the service's inspector is what
  // refuses the 20,971,521st byte, busboy's own limit only stops a runaway stream.
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: MAX_DOCUMENT_BYTES + 1,
      fields: 5,
      fieldSize: 1_000,
      parts: 6,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  routes.post(
    '/loan-application/:id/documents',
    {
      config: uploadRateLimit,
      schema: {
        tags,
        params: applicationParams,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: exactly one file in the field `file` (pdf, jpeg or png by content, at most 20,971,520 bytes), plus Filename, Category (payslip, tax-return, property-value, other) and Owner (main-applicant, co-applicant).',
        response: { 201: documentSchema },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const document = await uploadDocument({
        db,
        storage,
        caller,
        applicationId: request.params.id,
        parts: () => request.parts() as AsyncIterable<UploadPart>,
        now,
      });
      return reply.status(201).send(document);
    },
  );

  routes.get(
    '/loan-application/:id/documents',
    { schema: { tags, params: applicationParams, response: { 200: z.array(documentSchema) } } },
    async (request) =>
      listDocuments({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.get(
    '/loan-application/:id/documents/:documentId',
    { schema: { tags, params: documentParams, response: { 200: documentSchema } } },
    async (request) =>
      getDocument({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        documentId: request.params.documentId,
      }),
  );

  // The bytes, labelled with the type their content was judged to be; never rendered inline.
  routes.get(
    '/loan-application/:id/documents/:documentId/content',
    { schema: { tags, params: documentParams } },
    async (request, reply) => {
      const { document, stream } = await openDocument({
        db,
        storage,
        caller: requireCaller(request),
        applicationId: request.params.id,
        documentId: request.params.documentId,
      });
      return reply
        .type(document.ContentType)
        .header('content-length', document.Size)
        .header('content-disposition', contentDisposition(document.Filename))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  routes.patch(
    '/loan-application/:id/documents/:documentId',
    {
      schema: {
        tags,
        params: documentParams,
        body: patchDocumentBodySchema,
        response: { 200: documentSchema },
      },
    },
    async (request) =>
      patchDocument({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        documentId: request.params.documentId,
        input: request.body,
        now,
      }),
  );

  routes.delete(
    '/loan-application/:id/documents/:documentId',
    { schema: { tags, params: documentParams } },
    async (request, reply) => {
      await deleteDocument({
        db,
        storage,
        caller: requireCaller(request),
        applicationId: request.params.id,
        documentId: request.params.documentId,
      });
      return reply.status(204).send();
    },
  );
}
