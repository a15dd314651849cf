import {
  applicationCheckResultSchema,
  applicationStatusInfoSchema,
  checkApplicationInputSchema,
  loanApplicationPageSchema,
  loanApplicationRevisionSchema,
  loanApplicationSchema,
  MAX_INT4,
  revisionsQuerySchema,
  searchLoanApplicationsQuerySchema,
} from '@nordloan/domain/loan-application';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  checkPostedApplication,
  checkStoredApplication,
  findApplicationByLegacyId,
  getApplication,
  getApplicationRevision,
  listApplicationRevisions,
  listApplicationStatuses,
  searchLoanApplications,
} from './loan-application.service.ts';
import { loanApplicationWriteRoutes } from './loan-application-write.routes.ts';

// §7 "Application calls": the reading half (one, search, legacy lookup, revisions, statuses, checks).
// The writing half is loan-application-write.routes.ts, registered from here.

const tags = ['loan-application'];

import { applicationIdParams } from './route-params.ts';

export async function loanApplicationRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  routes.get(
    '/loan-application',
    {
      schema: {
        tags,
        summary: 'Search applications (a page), or with legacyID the first match',
        querystring: searchLoanApplicationsQuerySchema,
        response: { 200: z.union([loanApplicationPageSchema, loanApplicationSchema]) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const query = request.query;
      return query.legacyID
        ? findApplicationByLegacyId({ db, caller, query })
        : searchLoanApplications({ db, caller, query });
    },
  );

  routes.get(
    '/loan-application/statuses/all',
    {
      schema: {
        tags,
        summary: 'The §4 status catalogue',
        response: { 200: z.array(applicationStatusInfoSchema) },
      },
    },
    async (request) => {
      requireCaller(request);
      return listApplicationStatuses();
    },
  );

  routes.get(
    '/loan-application/:id',
    {
      schema: {
        tags,
        summary: 'One application',
        params: applicationIdParams,
        response: { 200: loanApplicationSchema },
      },
    },
    async (request) => getApplication({ db, caller: requireCaller(request), id: request.params.id }),
  );

  routes.get(
    '/loan-application/:id/revisions',
    {
      schema: {
        tags,
        summary: 'Every revision of an application, optionally only those in the given statuses',
        params: applicationIdParams,
        querystring: revisionsQuerySchema,
        response: { 200: z.array(loanApplicationRevisionSchema) },
      },
    },
    async (request) =>
      listApplicationRevisions({
        db,
        caller: requireCaller(request),
        id: request.params.id,
        statuses: request.query.status,
      }),
  );

  routes.get(
    '/loan-application/:id/revisions/:revision',
    {
      schema: {
        tags,
        summary: 'One revision of an application',
        params: z.object({ id: z.string(), revision: z.coerce.number().int().min(1).max(MAX_INT4) }),
        response: { 200: loanApplicationRevisionSchema },
      },
    },
    async (request) =>
      getApplicationRevision({
        db,
        caller: requireCaller(request),
        id: request.params.id,
        revision: request.params.revision,
      }),
  );

  routes.get(
    '/loan-application/check/app/:id',
    {
      schema: {
        tags,
        summary: 'What the stored application still lacks before it can be submitted',
        params: applicationIdParams,
        response: { 200: applicationCheckResultSchema },
      },
    },
    async (request) => checkStoredApplication({ db, caller: requireCaller(request), id: request.params.id }),
  );

  routes.post(
    '/loan-application/check/app',
    {
      schema: {
        tags,
        summary: 'Validate an application as the form holds it (nothing is stored)',
        body: checkApplicationInputSchema,
        response: { 200: applicationCheckResultSchema },
      },
    },
    async (request) => checkPostedApplication({ db, caller: requireCaller(request), input: request.body }),
  );

  await app.register(loanApplicationWriteRoutes, options);
}
