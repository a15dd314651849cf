import {
  archiveLoanApplicationSchema,
  cloneLoanApplicationSchema,
  createLoanApplicationSchema,
  loanApplicationSchema,
  patchLoanApplicationSchema,
  stepCompleteSchema,
} from '@nordloan/domain/loan-application';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { applicationCreationRateLimit, tokenRequiredFirst } from '#src/plugins/security.ts';
import { cloneApplication } from './loan-application-clone.service.ts';
import { createApplication } from './loan-application-create.service.ts';
import { patchApplication } from './loan-application-patch.service.ts';
import { archiveApplication, completeStep, removeCoApplicant } from './loan-application-write.service.ts';
import { applicationIdParams } from './route-params.ts';

// §7 "Application calls": create, PATCH, step-complete, clone, archive, co-applicant removal.

const tags = ['loan-application'];

export async function loanApplicationWriteRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  routes.post(
    '/loan-application',
    {
      config: applicationCreationRateLimit,
      schema: {
        tags,
        summary: 'Create an application',
        body: createLoanApplicationSchema,
        response: { 201: loanApplicationSchema },
      },
    },
    async (request, reply) => {
      const created = await createApplication({
        db,
        caller: requireCaller(request),
        now,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  routes.patch(
    '/loan-application/:id',
    {
      schema: {
        tags,
        summary: 'Change an application (only the fields sent); Revision guards against concurrent changes',
        params: applicationIdParams,
        body: patchLoanApplicationSchema,
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      patchApplication({
        db,
        caller: requireCaller(request),
        now,
        id: request.params.id,
        input: request.body,
      }),
  );

  routes.patch(
    '/loan-application/:id/step-complete',
    {
      schema: {
        tags,
        summary: 'Record a completed form step',
        params: applicationIdParams,
        body: stepCompleteSchema,
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      completeStep({ db, caller: requireCaller(request), now, id: request.params.id, input: request.body }),
  );

  routes.post(
    '/loan-application/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copy an application into a new one (status 100) with its clone origin',
        params: applicationIdParams,
        body: cloneLoanApplicationSchema.nullish(),
        response: { 201: loanApplicationSchema },
      },
    },
    async (request, reply) => {
      const clone = await cloneApplication({
        db,
        caller: requireCaller(request),
        now,
        id: request.params.id,
        cloneOrigin: request.body?.CloneOrigin ?? 'Cloned',
      });
      return reply.status(201).send(clone);
    },
  );

  routes.post(
    '/loan-application/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive an application',
        params: applicationIdParams,
        body: archiveLoanApplicationSchema,
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) =>
      archiveApplication({
        db,
        caller: requireCaller(request),
        now,
        id: request.params.id,
        input: request.body,
      }),
  );

  routes.delete(
    '/loan-application/:id/co-applicant',
    {
      schema: {
        tags,
        summary: 'Take the co-applicant off the application',
        params: applicationIdParams,
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) => removeCoApplicant({ db, caller: requireCaller(request), now, id: request.params.id }),
  );
}
