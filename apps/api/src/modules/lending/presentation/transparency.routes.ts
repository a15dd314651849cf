import { transparencySchema } from '@nordloan/domain/lending/transparency';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error.ts';
import type { ApplicationChange } from '#src/lib/application-change-feed.ts';
import { createApplicationChangeFeed } from '#src/lib/application-change-feed.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { bearerToken, requireCaller } from '#src/plugins/auth.ts';
import { refinancingRoutes } from './refinancing.routes.ts';
import { getTransparency, subscribeToApplicationChanges } from './transparency.service.ts';

// Issue 13 (docs/decisions/0031): the transparency view of an application, and the server-sent events
// stream that tells the personal page, the moment a change is stored on any API instance, to ask again.

const tags = ['loan-quote-presentation'];
const params = z.object({ id: z.string() });

/** A comment line now and then keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 2_000;
/**
 * Open streams per application on one instance: a few tabs and devices of the two applicants, not a
 * connection flood from one stolen token (the page falls back to polling when refused).
 */
export const MAX_STREAMS_PER_APPLICATION = 10;

function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((type) => type.trim().split(';')[0] === 'text/event-stream');
}

export async function transparencyRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, database, tokens } = options;
  // The refinancing comparison is part of what the applicant sees of their offers (ADR 0080).
  await app.register(refinancingRoutes, options);
  const feed = createApplicationChangeFeed(database);
  const openStreams = new Set<(reconnectInMs?: number) => void>();
  const streamsPerApplication = new Map<string, number>();
  // Open streams would keep the server from closing: end them first (the browser reconnects elsewhere).
  // Each ends with a reconnect hint (ADR 0071): an SSE `retry` of ~1 s, spread so a restarted instance's
  // streams do not all come back in the same instant.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end(500 + Math.floor(Math.random() * 1_000));
  });
  app.addHook('onClose', async () => feed.close());

  routes.get(
    '/loan-application/:id/transparency',
    {
      schema: {
        tags,
        summary:
          'Each lender’s path, the credit inquiries lenders made and under which consent, the ranking rule and what nordloan is paid per offer',
        params,
        response: { 200: transparencySchema },
      },
    },
    async (request) =>
      getTransparency({ db, now, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.get(
    '/loan-application/:id/events',
    {
      schema: {
        tags,
        summary:
          'Server-sent events (Accept: text/event-stream, bearer token in the Authorization header): `changed` when the application, a lender request or an offer changed; `resync` when changes may have been missed',
        params,
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const applicationId = request.params.id;
      // Events are queued until the stream is open, so nothing between subscribing and writing is lost.
      let write: ((change: ApplicationChange) => void) | null = null;
      const early: ApplicationChange[] = [];
      const unsubscribe = await subscribeToApplicationChanges({
        db,
        now,
        caller,
        applicationId,
        feed,
        listener: (change) => (write ? write(change) : early.push(change)),
      });
      if (!acceptsEventStream(request.headers.accept)) {
        unsubscribe();
        throw new AppError(406, 'This address answers text/event-stream only');
      }
      const open = streamsPerApplication.get(applicationId) ?? 0;
      if (open >= MAX_STREAMS_PER_APPLICATION) {
        unsubscribe();
        throw new AppError(
          429,
          'Too many open streams for this application',
          [],
          {},
          { 'Retry-After': '30' },
        );
      }
      streamsPerApplication.set(applicationId, open + 1);
      // The stream ends when the token does: a stream must not outlive the sign-in that opened it. The
      // token was verified by the auth hook; it is read again only for its expiry and never written out.
      const { exp } = await tokens.verify(bearerToken(request) ?? '');
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        // CORS and security headers the hooks already set on the reply.
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const data = JSON.stringify({ LoanApplicationID: applicationId });
      write = (change) => raw.write(`event: ${change}\ndata: ${data}\n\n`);
      raw.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: ${data}\n\n`);
      for (const change of early.splice(0)) write(change);

      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const expiry = setTimeout(
        () => end(),
        Math.max(0, Math.min(exp * 1000 - now().getTime(), 2_147_000_000)),
      );
      let ended = false;
      const end = (reconnectInMs?: number) => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        openStreams.delete(end);
        const left = (streamsPerApplication.get(applicationId) ?? 1) - 1;
        if (left > 0) streamsPerApplication.set(applicationId, left);
        else streamsPerApplication.delete(applicationId);
        if (typeof reconnectInMs === 'number' && !raw.writableEnded)
          raw.write(`: this instance is shutting down\nretry: ${reconnectInMs}\n\n`);
        if (!raw.writableEnded) raw.end();
      };
      openStreams.add(end);
      request.raw.on('close', () => end());
      raw.on('close', () => end());
    },
  );
}
