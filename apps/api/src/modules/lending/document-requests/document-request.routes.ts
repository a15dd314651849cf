import { lenderDocumentRequestSchema, shareDocumentBodySchema } from '@nordloan/domain/document-share';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { listLenderDocumentRequests, shareDocumentWithLender } from './document-share.service.ts';

const applicationParams = z.object({ id: z.string() });
const documentRequestParams = z.object({ id: z.string(), requestId: z.string() });

// The documents lenders ask for with their offers (stored on each quote) and the applicant's choice, per
// lender, of an uploaded document to send. Lending's, not the documents module's: answering a request
// changes the lender's quote; the documents themselves are read through the documents repository.
export async function documentRequestRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const tags = ['documents'];
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  // Upload once (docs/decisions/0036): the lenders' upload requests, and the applicant's choice per lender.
  routes.get(
    '/loan-application/:id/document-requests',
    {
      schema: {
        tags,
        params: applicationParams,
        description:
          'The upload requests of the lenders with an open offer, each with the documents of the same category already uploaded (offered, not sent) and the document sent, if the applicant chose one.',
        response: { 200: z.array(lenderDocumentRequestSchema) },
      },
    },
    async (request) =>
      listLenderDocumentRequests({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.post(
    '/loan-application/:id/document-requests/:requestId/share',
    {
      schema: {
        tags,
        params: documentRequestParams,
        body: shareDocumentBodySchema,
        description:
          'The applicant sends one uploaded document of the asked category to this lender. Recorded with who and when; 409 when a document was already sent for the request.',
        response: { 201: lenderDocumentRequestSchema },
      },
    },
    async (request, reply) => {
      const shared = await shareDocumentWithLender({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        requestId: request.params.requestId,
        documentId: request.body.DocumentID,
        now,
      });
      return reply.status(201).send(shared);
    },
  );
}
