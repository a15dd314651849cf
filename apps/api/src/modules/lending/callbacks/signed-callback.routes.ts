import {
  callbackAcknowledgementSchema,
  lenderCallbackSchema,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import {
  credentialsFromConfig,
  type LenderCredentials,
} from '#src/modules/lending/lender-api/lender-credentials.ts';
import type { LenderAdapter, LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { authenticateCallback, receiveCallback } from './signed-callback.service.ts';

// The signed lender callbacks (signed-callback.service.ts; docs/decisions/0062): one route per lender, the
// message's Type says what happened. A signature is there, the lender known and the signature checked
// before the body is validated (401 unsigned, 404, 403, 401, then 400), so a caller without the lender's
// secret learns nothing about which lenders exist or what a callback carries. The older `/lender-callback/...` routes (a lender service account's token, or
// Super staff recording an answer that came by phone) stay beside it.

/** The body exactly as it came (the signature is over these bytes), kept by the parser of this plugin. */
const rawBodies = new WeakMap<FastifyRequest, string>();
const adapters = new WeakMap<FastifyRequest, LenderAdapter>();

export async function signedCallbackRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { panel: LenderPanel; lenderCredentials?: LenderCredentials | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, panel } = options;
  const credentials = options.lenderCredentials ?? credentialsFromConfig(options.config);

  // This plugin's own JSON parser (encapsulated: other routes keep theirs): the raw text is kept for the
  // signature, and a body that is not JSON waits until the signature was checked to be refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    parseJson(request, text, (error, value) => done(null, error ? undefined : value));
  });

  routes.post(
    '/lender-api/callbacks/:lenderId',
    {
      schema: {
        tags: ['lender-api'],
        summary:
          'A lender reports what happened to an application (signed; the lender API, /lender-api/openapi.json)',
        params: z.object({ lenderId: z.string().max(100) }),
        headers: z.object({ [lenderSignatureHeader]: z.string().max(2_000).optional() }),
        body: lenderCallbackSchema,
        response: { 200: callbackAcknowledgementSchema, 202: callbackAcknowledgementSchema },
      },
      preValidation: async (request) => {
        const { lenderId } = request.params as { lenderId: string };
        adapters.set(
          request,
          await authenticateCallback({
            panel,
            credentials,
            lenderId,
            rawBody: rawBodies.get(request) ?? '',
            signature: request.headers[lenderSignatureHeader],
          }),
        );
      },
    },
    async (request, reply) => {
      const answer = await receiveCallback({
        db,
        adapter: adapters.get(request)!,
        lenderId: request.params.lenderId,
        message: request.body,
        now,
      });
      return reply.code(answer.status).send(answer.acknowledgement);
    },
  );
}
