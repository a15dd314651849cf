import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import type { AccountInformationProvider } from './account-information.ts';
import {
  bankDataSchema,
  bankFigureCorrectionsSchema,
  callbackQuerySchema,
  startBodySchema,
} from './bank-data.schemas.ts';
import {
  completeBankConnection,
  correctBankFigures,
  readBankData,
  removeBankData,
  startBankConnection,
} from './bank-data.service.ts';

const params = z.object({ id: z.string() });
const tags = ['bank-data'];

/** The bank's redirect back to us: the public address when configured, else the host the browser used. */
function callbackUrl(options: ModuleOptions, request: FastifyRequest): string {
  const base = options.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  return `${base.replace(/\/$/, '')}/bank-data/callback`;
}

// Verified income from the bank account (docs/decisions/0076). The provider is absent when the bank
// connection is off (production without BANK_DATA_URL): starting answers 503, the form goes on without it.
export async function bankDataRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { accountInformation: AccountInformationProvider | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, accountInformation: provider } = options;

  routes.post(
    '/loan-application/:id/bank-data/connect',
    {
      // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params,
        body: startBodySchema,
        description:
          'The applicant starts connecting their bank (account information, PSD2): the address of the bank’s consent page to send the browser to. Replaces an earlier connection.',
        response: { 201: z.object({ RedirectUrl: z.string() }) },
      },
    },
    async (request, reply) => {
      const started = await startBankConnection({
        db,
        provider,
        caller: requireCaller(request),
        applicationId: request.params.id,
        returnPath: request.body.ReturnPath,
        redirectUri: callbackUrl(options, request),
        now,
      });
      return reply.status(201).send(started);
    },
  );

  routes.get(
    '/bank-data/callback',
    {
      schema: {
        tags,
        security: [],
        querystring: callbackQuerySchema,
        description:
          'Where the bank sends the browser back (code or error, and the one-time state). Answers 302 to the form with bankData=connected or the reason it did not work.',
      },
    },
    async (request, reply) => {
      const location = await completeBankConnection({
        db,
        provider,
        query: request.query,
        redirectUri: callbackUrl(options, request),
        now,
        log: (line) => request.log.info(line),
      });
      return reply.redirect(location, 302);
    },
  );

  routes.get(
    '/loan-application/:id/bank-data',
    {
      schema: {
        tags,
        params,
        description:
          'What was found in the bank account: the consent and the derived figures (never a transaction).',
        response: { 200: bankDataSchema },
      },
    },
    async (request) =>
      readBankData({ db, caller: requireCaller(request), applicationId: request.params.id, now }),
  );

  routes.put(
    '/loan-application/:id/bank-data/corrections',
    {
      // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params,
        body: bankFigureCorrectionsSchema,
        description:
          'The applicant corrects what was found (null: as found). An income corrected by more than 5 % is no longer verified.',
        response: { 200: bankDataSchema },
      },
    },
    async (request) =>
      correctBankFigures({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        corrections: request.body,
        now,
      }),
  );

  routes.delete(
    '/loan-application/:id/bank-data',
    {
      schema: {
        tags,
        params,
        description: 'The applicant withdraws: the consent and every figure from the bank are deleted.',
      },
    },
    async (request, reply) => {
      await removeBankData({ db, caller: requireCaller(request), applicationId: request.params.id });
      return reply.status(204).send();
    },
  );
}
