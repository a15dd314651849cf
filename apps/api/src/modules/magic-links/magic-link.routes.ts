import { magicTokenExchangeSchema } from '@nordloan/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { originOfRequest } from '#src/modules/messages/link-origin.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import {
  loginRateLimit,
  messageRateLimit,
  publicRateLimit,
  tokenRequiredFirst,
} from '#src/plugins/security.ts';
import { applicationIdForMagicToken, createMagicLink, exchangeMagicToken } from './magic-link.service.ts';

// Magic links (ADR 0010). The token travels in a path here; the request log serializer redacts
// /magic/<token> (lib/log-redaction.ts) and nothing in this module logs it.
export async function magicLinkRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, tokens, now } = options;

  routes.post(
    '/loan-application/:id/magic-link',
    {
      config: messageRateLimit,
      // Token first; the per-application limit counts after it (preHandler), so anonymous calls cost nothing.
      preValidation: tokenRequiredFirst,
      schema: {
        tags: ['magic-links'],
        params: z.object({ id: z.string() }),
        body: z.strictObject({ Channel: z.enum(['email', 'sms']).default('email') }).nullish(),
        response: {
          201: z.object({
            ID: z.string(),
            LoanApplicationID: z.string(),
            Channel: z.enum(['email', 'sms']),
            SentTo: z.string(),
            ExpiresAt: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await createMagicLink({
        db,
        config,
        caller: requireCaller(request),
        applicationId: request.params.id,
        channel: request.body?.Channel ?? 'email',
        origin: originOfRequest(request, config),
        now: now(),
        log: request.log,
      });
      return reply.status(201).send(created);
    },
  );

  routes.get(
    '/loan-application/magic/:magicToken',
    {
      config: publicRateLimit,
      schema: {
        tags: ['magic-links'],
        security: [],
        params: z.object({ magicToken: z.string() }),
        response: { 200: z.object({ ID: z.string() }) },
      },
    },
    async (request) => applicationIdForMagicToken({ db, magicToken: request.params.magicToken, now: now() }),
  );

  routes.post(
    '/auth/magic-token',
    {
      config: loginRateLimit,
      schema: {
        tags: ['auth'],
        security: [],
        body: z.object({ magicToken: z.string().min(1).max(200) }),
        response: { 200: magicTokenExchangeSchema },
      },
    },
    async (request) => exchangeMagicToken({ db, tokens, magicToken: request.body.magicToken, now: now() }),
  );
}
