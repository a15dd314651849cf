import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { brandHosts } from '@nordloan/domain/brands/resolve-brand';
import { errorMessages } from '@nordloan/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import { AppError } from '#src/lib/app-error.ts';
import { requireCaller } from '#src/plugins/auth.ts';

// Abuse limits, security headers and CORS (issue 3 "Abuse limits"; architecture.md "Scale-out").

/** §9 "Rate-limit fallback 60 seconds": the Retry-After we answer when the store gives no better figure. */
export const RATE_LIMIT_FALLBACK_SECONDS = 60;

type RouteRateLimit = { rateLimit: RateLimitOptions };

/**
 * Per-client limit for calls anyone may make without a token (terms, consent texts, the magic-link
 * lookup): generous enough for a page that loads them several times, far below scraping speed.
 * Put on a route as `config: publicRateLimit`.
 */
export const publicRateLimit: RouteRateLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

/**
 * Per-client limit for calls that hand out a token or create an identity (magic-token exchange,
 * anonymous customer creation). Counted per route and per client address.
 */
export const loginRateLimit: RouteRateLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

/**
 * The development identity provider: counted per client address AND per identity logged in as (national
 * id or staff name), so a test file that signs many people in from 127.0.0.1 is not throttled, while one
 * client hammering one identity is. It exists only outside production.
 */
export const devLoginRateLimit: RouteRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const body = (request.body ?? {}) as { nationalId?: unknown; name?: unknown };
      const identity = typeof body.nationalId === 'string' ? body.nationalId : String(body.name ?? '');
      // Hashed: a national id must not sit in a Redis key (docs/decisions/0014).
      const digest = createHash('sha256').update(identity.replace(/\s+/g, '')).digest('base64url');
      return `${request.ip}|${digest.slice(0, 16)}`;
    },
    // The key needs the parsed body, so count in preHandler rather than onRequest.
    hook: 'preHandler',
  },
};

/**
 * Calls that make us send an e-mail or SMS (magic links): limited per application, so neither an
 * applicant nor a leaked token can turn us into a spam cannon. 5 per hour per application.
 * The id is lower-cased (a UUID in other case is the same application, not a fresh quota), and counting
 * happens in preHandler — after the route's token check — so an anonymous caller cannot use up an
 * application's quota.
 */
function callerKey(request: FastifyRequest): string {
  const caller = request.caller;
  if (!caller) return 'anonymous';
  if (caller.kind === 'staff') return `staff:${caller.agentId ?? caller.tokenId}`;
  return caller.kind === 'customer' ? `customer:${caller.customerId}` : `person:${caller.personId}`;
}

export const messageRateLimit: RouteRateLimit = {
  rateLimit: {
    max: 5,
    timeWindow: 3_600_000,
    // Per application and caller: counted before the handler's access check, so a key of the application
    // alone let any signed-in stranger use up its owner's messages with refused calls (route matrix).
    keyGenerator: (request: FastifyRequest) =>
      `application:${((request.params as { id?: string }).id ?? '').toLowerCase()}:${callerKey(request)}`,
    hook: 'preHandler',
  },
};

/**
 * Creating applications: 20 an hour per signed-in applicant (customer or person), so a stolen or scripted
 * token cannot flood the lender panel with applications. Counted per identity, not per address: a whole
 * office or mobile network behind one address is many honest applicants (docs/decisions/0032). Staff
 * creating applications on a customer's behalf are not limited by it (their own work is audited).
 */
export const applicationCreationRateLimit: RouteRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: 3_600_000,
    keyGenerator: (request: FastifyRequest) => `create-application:${callerKey(request)}`,
    allowList: (request: FastifyRequest) => request.caller?.kind === 'staff',
    // After the route's token check (preValidation), so an anonymous caller is a 401, not a count.
    hook: 'preHandler',
  },
};

/**
 * Document uploads: 60 an hour per signed-in caller, across all their applications. A case needs a handful
 * of files per applicant; sixty is generous for retries and far below filling our storage.
 */
export const uploadRateLimit: RouteRateLimit = {
  rateLimit: {
    max: 60,
    timeWindow: 3_600_000,
    keyGenerator: (request: FastifyRequest) => `upload:${callerKey(request)}`,
    hook: 'preHandler',
  },
};

/**
 * Route option for calls that need a token: 401 'Missing token' before the body or query is validated, so
 * an anonymous caller learns nothing about the input a route expects. Put on a route as
 * `preValidation: tokenRequiredFirst` (a plugin whose every route needs a token adds it as a hook).
 */
export function tokenRequiredFirst(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  requireCaller(request);
  done();
}

/**
 * The Content-Security-Policy of the pages we serve (the built React app): everything from our own
 * origin, no inline scripts, no eval, no plugins, never framed. Images and fonts may be data: URIs
 * (Vite inlines small assets). Error reports may go to the brands' error-tracking hosts.
 */
export function contentSecurityPolicy(config: Config) {
  const errorTrackingOrigins = [
    ...new Set(brandIds.map((id) => new URL(brands[id].thirdParty.errorTrackingDsn).origin)),
  ];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...errorTrackingOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Local brand hosts are plain http (http://<brand>.localhost:3000); upgrading them would break.
      ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The Swagger UI at /docs builds its page with inline style attributes and data: images; it gets the same
 * policy with those two relaxations (scripts stay self-only: its bundle is served from /docs/static).
 */
export function docsContentSecurityPolicy(config: Config): string {
  const directives = contentSecurityPolicy(config).directives as Record<string, string[]>;
  const relaxed = { ...directives, styleSrc: ["'self'", "'unsafe-inline'"] };
  return Object.entries(relaxed)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join('; ');
}

/**
 * The origins a browser may call us from: every brand's hosts in this environment (brandHosts) over https,
 * and outside production also over http on the API port and the Vite dev port; plus CORS_ORIGINS.
 */
export function allowedCorsOrigins(config: Config): Set<string> {
  const origins = new Set<string>(config.corsOrigins.map((origin) => origin.replace(/\/$/, '')));
  for (const id of brandIds) {
    for (const host of brandHosts(brands[id], config.env)) {
      origins.add(`https://${host}`);
      if (config.env !== 'production' && host.endsWith('.localhost')) {
        for (const port of [config.port, 5173]) origins.add(`http://${host}:${port}`);
      }
    }
  }
  return origins;
}

/**
 * Helmet's headers for these options, worked out once. The headers are the same on every answer (no
 * per-request nonces), and @fastify/helmet built helmet's middleware again on every request — parsing the
 * CSP directives each time, 4 % of an application read's CPU (issue 12, docs/performance-api.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

function retryAfterSeconds(ttlMs: number): number {
  const seconds = Math.ceil(ttlMs / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : RATE_LIMIT_FALLBACK_SECONDS;
}

export async function registerSecurity(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;

  // Shared across instances through Redis when configured (architecture.md "Scale-out"), else in memory.
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      // A limiter that waits for Redis would stall every limited request; fail fast and let it through.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      lazyConnect: false,
    });
    // ioredis reports connection trouble as events; without a listener Node would crash the process.
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
    // Start counting in Redis from the first request when it is there; never hold the start-up for it.
    const connecting = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      connecting.once('ready', settle);
      connecting.once('error', settle);
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'nordloan-rate-limit:' } : {}),
    // When Redis is down the limits are off rather than the login: availability over throttling.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = retryAfterSeconds(context.ttl);
      // The one error handler renders it in the bad-result shape, with the header.
      return new AppError(429, errorMessages.tooManyRequests(), [], {}, { 'retry-after': String(seconds) });
    },
  });

  const headers = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Our pages load nothing cross-origin that would need these relaxed.
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  // The Swagger UI's pages get their own policy in the same hook, from a second prebuilt set: an onSend
  // hook for it ran on every answer of every route, for the few requests under /docs.
  const docsHeaders = { ...headers, 'content-security-policy': docsContentSecurityPolicy(config) };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url === '/docs' || url.startsWith('/docs/') ? docsHeaders : headers);
    done();
  });

  const origins = allowedCorsOrigins(config);
  await app.register(cors, {
    // No origin header: not a cross-origin browser call (same origin, curl, server to server).
    origin: (origin, callback) => callback(null, origin === undefined || origins.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'Idempotent-Replayed'],
    // Bearer tokens, not cookies: nothing for a browser to send along.
    credentials: false,
    maxAge: 600,
  });
}
