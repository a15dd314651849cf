import { brandIdSchema } from '@nordloan/domain/brands/brand-config.schema';
import { resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config, OidcProviderId } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import { badRequest } from '#src/lib/app-error.ts';
import { loginRateLimit } from '#src/plugins/security.ts';
import {
  bindingCookieName,
  callbackPath,
  completeOidcLogin,
  type EidLoginError,
  loginAttemptTtlMs,
  type OidcClients,
  OidcLoginRefused,
  startOidcLogin,
} from './oidc-login.service.ts';
import type { TokenService } from './token.service.ts';

// The e-ID login routes (docs/decisions/0029). Thin: the flow is in oidc-login.service.ts.

const providerParamSchema = z.object({
  provider: z.enum(['no', 'se', 'fi', 'dk', 'staff']),
});
const startBodySchema = z
  .object({
    // The page to hand the token back to (absolute: it may be the brand's separate personal-page host).
    returnTo: z.string().trim().min(1).max(2000),
    // The brand the customer record is created on; must be the returnTo host's brand.
    brand: brandIdSchema.optional(),
    // Our token's role after the login: Person by default (§4); the apply journey asks for Customer
    // (ADR 0016, 0039). Not for the staff provider.
    role: z.enum(['Person', 'Customer']).optional(),
  })
  .strict();
// What the provider sends back (RFC 6749 §4.1.2, RFC 9207 iss); anything else is ignored, not refused.
const callbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function bindingCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${bindingCookieName}=${value}`,
    'Path=/auth/oidc',
    'HttpOnly',
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Where a refused login goes without a token (docs/decisions/0039): the page it started from, told why in
 * the fragment; when the attempt is unknown (expired, used, tampered) the brand's personal page on this
 * host — or the host's start page where the personal page lives on its own host (its header offers the
 * login). null: not a brand's host (the API's own host), where the JSON refusal stays.
 */
function refusalPage(refused: OidcLoginRefused, request: FastifyRequest, env: Config['env']): string | null {
  const withReason = (page: string, code: EidLoginError) => {
    const url = new URL(page);
    url.hash = new URLSearchParams({ 'eid-error': code }).toString();
    return url.href;
  };
  if (refused.returnTo) return withReason(refused.returnTo, refused.code);
  if (!request.host) return null;
  const origin = `${request.protocol}://${request.host}`;
  if (request.host.startsWith('backoffice.')) return withReason(`${origin}/`, refused.code);
  const resolved = resolveBrandFromHost(request.host, env);
  if (resolved.isFallback) return null;
  const { paths } = resolved.brand;
  const personalPageHere = paths.myPageHost === 'same' || resolved.isMyPageHost;
  return withReason(`${origin}${personalPageHere ? paths.myPage : '/'}`, refused.code);
}

export async function oidcRoutes(
  app: FastifyInstance,
  options: { db: Db; tokens: TokenService; clients: OidcClients; config: Config; now: () => Date },
) {
  const { db, tokens, clients, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/oidc/:provider/start',
    {
      config: loginRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Starts an e-ID (or staff) login: answers the identity provider URL to go to',
        params: providerParamSchema,
        body: startBodySchema,
        response: { 200: z.object({ authorizationUrl: z.string() }) },
      },
    },
    async (request, reply) => {
      // Our callback is on the host the browser called; without a Host there is none to name.
      if (!request.host) throw badRequest('The Host header is required');
      const provider = (
        request.params.provider === 'staff' ? 'staff' : request.params.provider.toUpperCase()
      ) as OidcProviderId;
      const { authorizationUrl, binding } = await startOidcLogin({
        db,
        clients,
        env: options.config.env,
        provider,
        redirectUri: `${request.protocol}://${request.host}${callbackPath}`,
        returnTo: request.body.returnTo,
        brand: request.body.brand,
        tokenRole: request.body.role,
        caller: request.caller,
        now,
      });
      reply.header(
        'set-cookie',
        bindingCookie(binding, {
          secure: request.protocol === 'https',
          maxAgeSeconds: loginAttemptTtlMs / 1000,
        }),
      );
      reply.header('cache-control', 'no-store');
      return { authorizationUrl };
    },
  );

  routes.get(
    callbackPath,
    {
      config: loginRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'The identity provider returns here',
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) => {
      let handBackUrl: string;
      try {
        ({ handBackUrl } = await completeOidcLogin({
          db,
          tokens,
          clients,
          query: request.query,
          bindingCookie: readCookie(request, bindingCookieName),
          now,
        }));
      } catch (error) {
        if (!(error instanceof OidcLoginRefused)) throw error;
        const page = refusalPage(error, request, options.config.env);
        if (!page) throw error;
        // The reason for the log only (never the token, the code or the claims); the page gets the code.
        request.log.warn({ eidError: error.code, reason: error.reason }, error.message);
        handBackUrl = page;
      }
      // The login is over: the binding is spent. The token travels in the fragment (never sent to a
      // server, removed from the address bar by the page), and the redirect itself is not cached.
      reply.header(
        'set-cookie',
        bindingCookie('', { secure: request.protocol === 'https', maxAgeSeconds: 0 }),
      );
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(handBackUrl, 303);
    },
  );
}
