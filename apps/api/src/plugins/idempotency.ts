import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#src/db/client.ts';
import { AppError, badRequest } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import {
  claimKey,
  deleteExpired,
  findKey,
  recordAnswer,
  releaseKey,
  takeOverKey,
} from './idempotency-store.ts';

// Issue 37 item 4 (docs/decisions/0071): creating calls a browser may send twice — a retry after a timeout
// or a dropped connection, HAProxy's retry of a request an instance never answered, a double submit —
// honour an `Idempotency-Key` header. The same caller, key and request within 24 hours get the first
// answer again (status and body, with `Idempotent-Replayed: true`); the same key with another request is a
// 422; a duplicate arriving while the first is still running waits for its answer, so there is one
// creation. Only a successful (2xx) answer is kept: after an error the key is let go and a retry runs again.
// Without the header nothing changes.

/** The creating calls that honour the header (POST; the routes' own paths). Listed in ADR 0071. */
export const idempotentCreations: readonly string[] = [
  '/loan-application',
  '/v1/loan-application',
  '/loan-application/:id/clone',
  '/loan-application/:id/car',
  '/loan-application/:id/child',
  '/loan-application/:id/debt',
  '/loan-application/:id/expense',
  '/loan-application/:id/co-applicant-invite',
  '/person',
  '/person/:id/erasure-request',
  '/insurance/v2/mandate/:provider',
  '/insurance-payment-mandate/:kind',
  '/backoffice/applications/:id/notes',
];

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Longer than any request may take (the shutdown deadline included): then a retry may take the key over. */
const HOLD_MS = 60_000;
const keyPattern = /^[\x21-\x7e]{1,255}$/;

export const differentRequestMessage = 'This Idempotency-Key was used with a different request';
export const inProgressMessage = 'A request with this Idempotency-Key is still in progress';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { scope: string; key: string; settled: boolean };
  }
}

function scopeOf(caller: Caller | null): string {
  if (!caller) return 'anonymous';
  if (caller.kind === 'customer') return `customer:${caller.customerId}`;
  if (caller.kind === 'person') return `person:${caller.personId}`;
  return `staff:${caller.agentId ?? caller.tokenId}`;
}

/** JSON with object keys in order: the same body sent with its fields in another order is the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyOptions {
  db: Db;
  now: () => Date;
  /** How long a duplicate waits for the first call's answer before a 409 (default 10 s). */
  waitMs?: number;
}

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, now } = options;
  const waitMs = options.waitMs ?? 10_000;
  const routes = new Set(idempotentCreations);
  let lastSweep = 0;

  const replay = (reply: FastifyReply, row: { status: number; type: string | null; body: string }) => {
    reply.code(row.status).header('idempotent-replayed', 'true');
    if (row.type) reply.header('content-type', row.type);
    return reply.send(row.body);
  };

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !keyPattern.test(key)) {
      throw badRequest('Validation failed', [
        { Field: 'Idempotency-Key', Message: 'Must be 1 to 255 visible ASCII characters' },
      ]);
    }
    const scope = scopeOf(request.caller);
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
      .digest('hex');
    const started = Date.now();
    for (;;) {
      const at = now();
      if (at.getTime() - lastSweep > 60 * 60 * 1000) {
        lastSweep = at.getTime();
        await deleteExpired(db, { now: at });
      }
      const claim = { scope, key, fingerprint, now: at, holdMs: HOLD_MS, keepMs: KEEP_MS };
      if (await claimKey(db, claim)) {
        request.idempotency = { scope, key, settled: false };
        return;
      }
      const row = await findKey(db, { scope, key });
      if (!row) continue; // let go meanwhile: claim it again
      if (row.expiresAt.getTime() <= at.getTime()) {
        await deleteExpired(db, { now: at, scope, key });
        continue;
      }
      if (row.fingerprint !== fingerprint) throw new AppError(422, differentRequestMessage);
      if (row.responseStatus !== null) {
        return replay(reply, {
          status: row.responseStatus,
          type: row.responseType,
          body: row.responseBody ?? '',
        });
      }
      if (await takeOverKey(db, claim)) {
        request.idempotency = { scope, key, settled: false };
        return;
      }
      if (Date.now() - started >= waitMs) {
        throw new AppError(409, inProgressMessage, [], {}, { 'Retry-After': '1' });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const status = reply.statusCode;
    if (status >= 200 && status < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const type = reply.getHeader('content-type');
      await recordAnswer(db, {
        scope: held.scope,
        key: held.key,
        status,
        type: typeof type === 'string' ? type : null,
        body: payload.toString(),
      });
    } else {
      await releaseKey(db, held);
    }
    return payload;
  }

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // `/x/` and `/x` are one route (ignoreTrailingSlash); the list spells them without.
    if (!methods.includes('POST') || !routes.has(route.url.replace(/(.)\/$/, '$1'))) return;
    const own = route.preHandler;
    route.preHandler = [...(own ? (Array.isArray(own) ? own : [own]) : []), preHandler];
    const sent = route.onSend;
    route.onSend = [...(sent ? (Array.isArray(sent) ? sent : [sent]) : []), onSend];
  });
}
