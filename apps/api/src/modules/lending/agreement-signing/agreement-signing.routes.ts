import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import type { LenderAgreementApi } from '#src/modules/lending/lender-api/lender-agreement.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import type { AgreementEidSigning } from './agreement-e-id.ts';
import {
  agreementEvidenceSchema,
  agreementSignatureSchema,
  loanAgreementSchema,
  signatureParamsSchema,
  startSigningBodySchema,
} from './agreement-signing.dto.ts';
import {
  getAgreementSignature,
  getLoanAgreement,
  loadAgreementDocument,
  startAgreementSigning,
} from './agreement-signing.service.ts';
import { agreementSigningJobHandlers } from './agreement-signing-jobs.ts';

// Signing the credit agreement with e-ID on the personal page (issue 36 item 1, docs/decisions/0075).
// GET the agreement (and the caller's signing order, collected); POST a signature to start an e-ID order;
// GET the order until it is signed or failed; GET the PDF and the signatures' evidence to download.
// 404 for an application or order that is not the caller's; 409 without an agreement, after the offer
// expired, or a second signature by the same person.

const tags = ['loan-application'];
const params = z.object({ id: z.string().max(100) });

export async function agreementSigningRoutes(
  app: FastifyInstance,
  options: ModuleOptions & {
    signing: AgreementEidSigning;
    lenders: LenderAgreementApi;
    worker?: JobWorker | undefined;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, signing, lenders } = options;
  if (options.worker) options.worker.register(agreementSigningJobHandlers({ lenders }));
  const common = { db, now, signing, lenders };

  routes.get(
    '/loan-application/:id/agreement',
    {
      schema: {
        tags,
        summary:
          "The lender's credit agreement for the accepted offer, its signers and the caller's e-ID order",
        params,
        response: { 200: loanAgreementSchema },
      },
    },
    async (request) =>
      getLoanAgreement({ ...common, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.post(
    '/loan-application/:id/agreement/signatures',
    {
      // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        summary: 'The applicant starts signing the credit agreement with their e-ID',
        params,
        body: startSigningBodySchema,
        response: { 201: agreementSignatureSchema },
      },
    },
    async (request, reply) => {
      const result = await startAgreementSigning({
        ...common,
        caller: requireCaller(request),
        applicationId: request.params.id,
        provider: request.body.Provider,
      });
      return reply.status(201).send(result);
    },
  );

  routes.get(
    '/loan-application/:id/agreement/signatures/:signatureId',
    {
      schema: {
        tags,
        summary: "The caller's e-ID signing order of the agreement: pending, signed or failed (and why)",
        params: signatureParamsSchema,
        response: { 200: agreementSignatureSchema },
      },
    },
    async (request) =>
      getAgreementSignature({
        ...common,
        caller: requireCaller(request),
        applicationId: request.params.id,
        signatureId: request.params.signatureId,
      }),
  );

  routes.get(
    '/loan-application/:id/agreement/document',
    { schema: { tags, summary: "The lender's agreement as a PDF", params } },
    async (request, reply) => {
      const { agreement, content } = await loadAgreementDocument({
        db,
        now,
        caller: requireCaller(request),
        applicationId: request.params.id,
      });
      const name = agreement.fileName.replace(/[^\w.-]/g, '_');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(content);
    },
  );

  routes.get(
    '/loan-application/:id/agreement/evidence',
    {
      schema: {
        tags,
        summary:
          "The signed agreement's evidence: who signed, when, the document's SHA-256, the e-ID transaction",
        params,
        response: { 200: agreementEvidenceSchema },
      },
    },
    async (request, reply) => {
      const { evidence } = await loadAgreementDocument({
        db,
        now,
        caller: requireCaller(request),
        applicationId: request.params.id,
      });
      return reply
        .header('content-disposition', 'attachment; filename="agreement-evidence.json"')
        .send(evidence);
    },
  );
}
