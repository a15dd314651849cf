import type { TokenPayload } from '@nordloan/domain/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '#src/lib/app-error.ts';
import { type Caller, callerFromPayload } from '#src/lib/caller.ts';
import type { TokenService } from '#src/lib/token-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when the request carried no token. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks a bearer secret of its own (a scraper's, /metrics), not a JWT: a bearer that is not
     * a valid JWT is left to the route instead of refused by the token check.
     */
    ownBearerSecret?: boolean;
  }
}

/** The JWT check's refusal, or none on a route that checks its own bearer secret. */
function refusalFor(request: FastifyRequest, error: Error): Error | undefined {
  return request.routeOptions.config.ownBearerSecret === true ? undefined : error;
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
  // Callback style, answered at once for a token this process verified before (nearly every request: a
  // token is used for an hour); only a new token waits for its signature check (docs/performance-api.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done();
    const token = bearerToken(request);
    if (!token) return done(refusalFor(request, unauthorized('Invalid JWT')));
    const accept = (payload: TokenPayload & { sub?: string }) => {
      const caller = callerFromPayload(payload);
      if (!caller) return done(unauthorized('Invalid JWT'));
      request.caller = caller;
      done();
    };
    // A remembered token that has expired throws 'JWT expired' here; the hook runner answers it.
    const remembered = tokens.recall(token);
    if (remembered) return accept(remembered);
    tokens.verify(token).then(
      (payload) => {
        // A throw here would otherwise be an unhandled rejection and a request left hanging.
        try {
          accept(payload);
        } catch (error) {
          done(error as Error);
        }
      },
      (error: Error) => done(refusalFor(request, error)),
    );
  });
}

/** For routes that need a token: §8 `Missing token` when there is none. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('Missing token');
  return request.caller;
}
