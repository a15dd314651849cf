import { callbackAcknowledgementSchema } from '@nordloan/domain/lending/lender-api';
import {
  portalApplicationSchema,
  portalApplicationSummarySchema,
  portalDeclineBodySchema,
  portalDocumentsBodySchema,
  portalMeSchema,
  portalOfferBodySchema,
} from '@nordloan/domain/lending/lender-portal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#src/lib/app-error.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { findLender } from '#src/modules/lenders/lender.repository.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { staffGate, staffOf } from '#src/modules/staff/staff.service.ts';
import {
  answerAsLender,
  getPortalApplication,
  listPortalApplications,
  portalLenderOf,
} from './lender-portal.service.ts';

// The lender portal's API (issue 33 item 6, docs/decisions/0068), behind the staff gate like every
// back-office route; the service lets in only a Lender-role agent tied to a lender, and only to its own.

const params = z.object({ reference: z.string().min(1).max(64) });
const base = '/backoffice/lender-portal';

export async function lenderPortalRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { panel: LenderPanel },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  const tags = ['backoffice'];
  app.addHook('preValidation', staffGate(db));

  routes.get(
    `${base}/me`,
    { schema: { tags, summary: "The lender portal user's lender", response: { 200: portalMeSchema } } },
    async (request) => {
      const lenderId = portalLenderOf(staffOf(request));
      const lender = await findLender(db, lenderId);
      if (!lender) throw notFound('Unknown lender');
      return { LenderId: lender.id, LenderName: lender.name };
    },
  );

  routes.get(
    `${base}/applications`,
    {
      schema: {
        tags,
        summary: "The applications sent to the user's lender (audited)",
        response: { 200: z.array(portalApplicationSummarySchema) },
      },
    },
    async (request) => listPortalApplications({ db, staff: staffOf(request), now: now() }),
  );

  routes.get(
    `${base}/applications/:reference`,
    {
      schema: {
        tags,
        summary: 'One application as the lender is sent it, its own offers and the documents shared with it',
        params,
        response: { 200: portalApplicationSchema },
      },
    },
    async (request) =>
      getPortalApplication({ db, staff: staffOf(request), reference: request.params.reference, now: now() }),
  );

  const answer = (kind: 'offer' | 'decline' | 'documents') => ({
    schema: {
      tags,
      summary: `Records the lender's ${kind === 'documents' ? 'request for documents' : kind} as its callback`,
      params,
      body:
        kind === 'offer'
          ? portalOfferBodySchema
          : kind === 'decline'
            ? portalDeclineBodySchema
            : portalDocumentsBodySchema,
      response: { 200: callbackAcknowledgementSchema, 202: callbackAcknowledgementSchema },
    },
  });

  routes.post(`${base}/applications/:reference/offer`, answer('offer'), async (request) =>
    answerAsLender({
      db,
      panel,
      staff: staffOf(request),
      reference: request.params.reference,
      answer: { kind: 'offer', body: portalOfferBodySchema.parse(request.body) },
      now,
    }),
  );
  routes.post(`${base}/applications/:reference/decline`, answer('decline'), async (request) => {
    const body = portalDeclineBodySchema.parse(request.body);
    return answerAsLender({
      db,
      panel,
      staff: staffOf(request),
      reference: request.params.reference,
      answer: { kind: 'decline', reasonCode: body.ReasonCode, reason: body.Reason },
      now,
    });
  });
  routes.post(`${base}/applications/:reference/documents`, answer('documents'), async (request) =>
    answerAsLender({
      db,
      panel,
      staff: staffOf(request),
      reference: request.params.reference,
      answer: { kind: 'documents', documents: portalDocumentsBodySchema.parse(request.body).Documents },
      now,
    }),
  );
}
