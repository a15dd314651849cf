import { coApplicantInviteViewSchema as inviteViewSchema } from '@nordloan/domain/co-applicant-invite';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { originOfRequest } from '#src/modules/messages/link-origin.service.ts';
import { defaultContentStore } from '#src/modules/terms/content.repository.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { loginRateLimit, messageRateLimit, tokenRequiredFirst } from '#src/plugins/security.ts';
import { acceptInvite, createInvite, getInviteStatus } from './co-applicant-invite.service.ts';

// Co-applicant invites (ADR 0038). The invite token travels only in the accept body, never in a path or a
// log line.

// An international or national number: digits, spaces and dashes after an optional +, 8 to 15 digits.
const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'Not a phone number');

const createBodySchema = z
  .strictObject({
    Email: z.string().trim().toLowerCase().email().max(254).optional(),
    Phone: phoneSchema.optional(),
  })
  .refine((body) => body.Email !== undefined || body.Phone !== undefined, {
    message: 'Give an e-mail address or a phone number',
    path: ['Email'],
  });

export async function coApplicantInviteRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, now } = options;
  const store = defaultContentStore();
  const tags = ['co-applicant-invites'];

  routes.post(
    '/loan-application/:id/co-applicant-invite',
    {
      // Per application and caller per hour; the daily cap per application is the service's.
      config: messageRateLimit,
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        body: createBodySchema,
        response: { 201: inviteViewSchema },
      },
    },
    async (request, reply) => {
      const view = await createInvite({
        db,
        config,
        caller: requireCaller(request),
        applicationId: request.params.id,
        input: request.body,
        origin: originOfRequest(request, config),
        now: now(),
      });
      return reply.status(201).send(view);
    },
  );

  routes.get(
    '/loan-application/:id/co-applicant-invite',
    {
      preValidation: tokenRequiredFirst,
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: inviteViewSchema } },
    },
    async (request) =>
      getInviteStatus({ db, caller: requireCaller(request), applicationId: request.params.id, now: now() }),
  );

  routes.post(
    '/co-applicant-invite/accept',
    {
      config: loginRateLimit,
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        body: z.strictObject({
          Token: z.string().min(1).max(200),
          /** The co-applicant ticked the consent box: the accept records it (nothing is given silently). */
          Consent: z.literal(true),
          /** The consent text version shown on the landing page; the current one when absent. */
          TextVersion: z.string().min(1).max(200).optional(),
        }),
        response: {
          200: z.object({ LoanApplicationID: z.string(), AcceptedAt: z.string(), ConsentBrand: z.string() }),
        },
      },
    },
    async (request) =>
      acceptInvite({
        db,
        store,
        caller: requireCaller(request),
        token: request.body.Token,
        textVersion: request.body.TextVersion,
        now: now(),
        log: request.log,
      }),
  );
}
