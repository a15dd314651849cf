import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobWorker } from '#src/jobs/worker.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { messageJobHandlers } from './message.service.ts';
import type { DevInboxSources, Messaging } from './messaging.ts';

// The messages module on the app: its jobs on the app's worker, the local sinks started and stopped with
// the app, and — outside production only — the development inbox: what really crossed the local SMTP sink
// and SMS gateway (ADR 0030). Never in production: the inbox holds magic links, which are keys.

interface InboxEntry {
  Channel: 'email' | 'sms';
  To: string;
  From: string;
  Subject: string | null;
  Body: string;
  Html: string | null;
  SentAt: string;
}

function inboxEntries(sources: DevInboxSources, to: string | undefined): InboxEntry[] {
  const emails: InboxEntry[] = (sources.smtpSink?.messages(to) ?? []).map((mail) => ({
    Channel: 'email',
    To: mail.to.join(', '),
    From: mail.from,
    Subject: mail.subject,
    Body: mail.text,
    Html: mail.html || null,
    SentAt: mail.receivedAt.toISOString(),
  }));
  // Phone numbers are kept without spaces; "+47 412 34 561" finds "+4741234561".
  const phone = to?.replace(/[\s-]/g, '');
  const texts: InboxEntry[] = (sources.smsGateway?.messages(phone) ?? []).map((sms) => ({
    Channel: 'sms',
    To: sms.to,
    From: sms.from,
    Subject: null,
    Body: sms.text,
    Html: null,
    SentAt: sms.receivedAt.toISOString(),
  }));
  // Newest first.
  return [...emails, ...texts].sort((a, b) => b.SentAt.localeCompare(a.SentAt));
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const inboxStyle = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #1a1a1a; }
.message { border: 1px solid #ccc; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
.channel { display: inline-block; background: #1f4e79; color: #fff; border-radius: 4px; padding: 0 0.4rem; margin-right: 0.5rem; font-size: 0.85em; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; font-size: 0.9em; color: #444; }
dd { margin: 0; } pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; }
a { color: #0b5cad; }
`;
// The page's only style, allowed by its hash: no inline script or other style can run on a page that
// shows message texts (ADR 0030).
const inboxPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(inboxStyle).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function inboxPage(entries: InboxEntry[], to: string | undefined): string {
  const rows = entries
    .map(
      (entry) => `<article class="message">
  <header><span class="channel">${entry.Channel === 'email' ? 'E-mail' : 'SMS'}</span>
  <strong>${escapeHtml(entry.Subject ?? entry.Body.slice(0, 60))}</strong></header>
  <dl><dt>To</dt><dd>${escapeHtml(entry.To)}</dd><dt>From</dt><dd>${escapeHtml(entry.From)}</dd>
  <dt>Received</dt><dd><time>${escapeHtml(entry.SentAt)}</time></dd></dl>
  <pre>${escapeHtml(entry.Body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development inbox</title>
<style>${inboxStyle}</style></head>
<body><h1>Development inbox</h1>
<p>What crossed the local SMTP sink and SMS gateway of this server, newest first. Development only.</p>
<form method="get"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
${entries.length ? rows : '<p>No messages yet.</p>'}
</body></html>`;
}

export async function messageRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { messaging: Messaging; worker?: JobWorker | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config, messaging, worker } = options;
  if (worker) worker.register(messageJobHandlers({ channels: messaging.channels, config }));
  app.addHook('onReady', async () => messaging.start());
  app.addHook('onClose', async () => messaging.stop());

  const inboxOn = () => config.messages.localSinks && config.env !== 'production';
  const query = z.object({ to: z.string().trim().max(320).optional() });
  const recipient = (to: string | undefined) => (to ? to.toLowerCase() : undefined);

  routes.get(
    '/dev/inbox',
    { schema: { tags: ['dev'], hide: !inboxOn(), querystring: query } },
    async (request, reply) => {
      if (!inboxOn()) throw notFound();
      const to = recipient(request.query.to);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', inboxPolicy)
        .send(inboxPage(inboxEntries(messaging.inbox, to), to));
    },
  );

  const entrySchema = z.object({
    Channel: z.enum(['email', 'sms']),
    To: z.string(),
    From: z.string(),
    Subject: z.string().nullable(),
    Body: z.string(),
    Html: z.string().nullable(),
    SentAt: z.string(),
  });

  routes.get(
    '/dev/inbox/messages',
    {
      schema: {
        tags: ['dev'],
        hide: !inboxOn(),
        querystring: query,
        response: { 200: z.array(entrySchema) },
      },
    },
    async (request, reply) => {
      if (!inboxOn()) throw notFound();
      reply.header('cache-control', 'no-store');
      return inboxEntries(messaging.inbox, recipient(request.query.to));
    },
  );

  // The older development mailbox (README, e2e): the same inbox in its first shape.
  routes.get(
    '/dev/mailbox',
    { schema: { tags: ['dev'], hide: !inboxOn(), querystring: query } },
    async (request) => {
      if (!inboxOn()) throw notFound();
      return inboxEntries(messaging.inbox, recipient(request.query.to)).map((entry) => ({
        Channel: entry.Channel,
        To: entry.To,
        Subject: entry.Subject,
        Body: entry.Body,
        SentAt: entry.SentAt,
      }));
    },
  );
}
