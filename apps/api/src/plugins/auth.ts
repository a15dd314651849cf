import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '#src/lib/app-error.ts';
import { type Caller, callerFromPayload } from '#src/lib/caller.ts';
import type { TokenService } from '#src/lib/token-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when the request carried no token. */
    caller: Caller | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Verifies the bearer token on every request. A request without one goes on with `caller = null` (the
 * route decides whether it needs one); a request with a bad one is refused here with 401, so a
 * broken or forged token never reaches a handler, even on routes that work without a token.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Invalid JWT');
    const caller = callerFromPayload(await tokens.verify(token));
    if (!caller) throw unauthorized('Invalid JWT');
    request.caller = caller;
  });
}

/** For routes that need a token: §8 `Missing token` when there is none. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('Missing token');
  return request.caller;
}
