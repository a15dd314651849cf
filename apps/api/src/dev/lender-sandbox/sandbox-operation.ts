import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { z } from 'zod';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';

// The one path of the sandbox lender's operations beside the adapter's (the agreement and its signed
// evidence, a human review, a withdrawal notice, the soft pre-qualification; docs/decisions/0077): read the
// body, check our signature (401), count the call, ask for the idempotency key where the operation changes
// something at the lender (400), parse the JSON and hold it against the operation's schema (400), check
// that the path and the body name the same application (400), then answer as the operation says — an
// answer carries its own MessageId and SentAt, as every message of the lender API does (ADR 0062), and a
// repeated Idempotency-Key gets its first answer again, byte for byte (a key reused for another request:
// 422). Each operation file says only its path, its schema and its answer.

export interface SandboxReply {
  status: number;
  body: Record<string, unknown>;
}

/** The answers given, by path and Idempotency-Key: one store per sandbox (lender-sandbox.ts). */
export type SandboxReplies = Map<string, { fingerprint: string; reply: SandboxReply }>;

/** What every operation beside the adapter's is handed by the sandbox's router. */
export interface SandboxOperationOptions {
  path: string;
  secret: string;
  counted: () => void;
  replies: SandboxReplies;
}

/** The request without its envelope: two tries of one call have the same fingerprint. */
function fingerprintOf(path: string, body: object): string {
  const { MessageId: _id, SentAt: _at, ...content } = body as Record<string, unknown>;
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(content)}`)
    .digest('hex');
}

/** A 2xx answer with its own envelope; a refusal is a plain error body. */
function enveloped(reply: SandboxReply): SandboxReply {
  if (reply.status < 200 || reply.status > 299) return reply;
  return { ...reply, body: { MessageId: randomUUID(), SentAt: new Date().toISOString(), ...reply.body } };
}

export interface SandboxOperation<Request> {
  /** The path under the lender's base URL; `{ApplicationReference}` matches one path segment. */
  path: string;
  schema: z.ZodType<Request>;
  /** Whether the call must carry an Idempotency-Key (it changes something at the lender). */
  idempotent: boolean;
  answer(request: Request, reference: string | null): SandboxReply | Promise<SandboxReply>;
}

/** The operation's path as a pattern (the application reference captured). */
export function operationPattern(template: string): RegExp {
  return new RegExp(`^${template.replace('{ApplicationReference}', '([^/]+)')}$`);
}

/** The request's application reference in `path`, or null when the operation has none. */
function referenceOf(template: string, path: string): string | null {
  if (!template.includes('{ApplicationReference}')) return null;
  const match = operationPattern(template).exec(path);
  return match ? decodeURIComponent(match[1] ?? '') : null;
}

function send(response: ServerResponse, reply: SandboxReply) {
  // The broker may have given up (its deadline) while the lender was at work.
  if (response.destroyed) return;
  response.writeHead(reply.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(reply.body));
}

const maxBodyBytes = 1_048_576;

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function answerSandboxOperation<Request extends object>(
  request: IncomingMessage,
  response: ServerResponse,
  options: Omit<SandboxOperationOptions, 'replies'> & {
    operation: SandboxOperation<Request>;
    /** Where an idempotent operation keeps its answers (not needed by one that is not). */
    replies?: SandboxReplies;
    /** An answer before anything is checked (a lender without the operation answers 404 to anyone). */
    refuse?: () => SandboxReply | undefined;
  },
): Promise<void> {
  const { operation } = options;
  const raw = await readBody(request);
  if (raw === null) return send(response, { status: 413, body: { Message: 'Too large' } });
  const refused = options.refuse?.();
  if (refused) return send(response, refused);
  const check = verifyLenderSignature({
    header: request.headers[lenderSignatureHeader],
    body: raw,
    secrets: [options.secret],
    now: new Date(),
  });
  if (!check.ok)
    return send(response, { status: 401, body: { Message: `Signature ${check.reason}`, Code: 'SIGNATURE' } });
  options.counted();
  const key = request.headers[idempotencyKeyHeader];
  if (operation.idempotent && (typeof key !== 'string' || key.length === 0 || key.length > 255))
    return send(response, {
      status: 400,
      body: { Message: 'Idempotency-Key required', Code: 'IDEMPOTENCY_KEY' },
    });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return send(response, { status: 400, body: { Message: 'Not JSON' } });
  }
  const parsed = operation.schema.safeParse(json);
  if (!parsed.success)
    return send(response, {
      status: 400,
      body: { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' },
    });
  const reference = referenceOf(operation.path, options.path);
  if (
    reference !== null &&
    (parsed.data as { ApplicationReference?: unknown }).ApplicationReference !== reference
  )
    return send(response, {
      status: 400,
      body: { Message: 'The path and the body name different applications' },
    });
  if (!operation.idempotent || !options.replies)
    return send(response, enveloped(await operation.answer(parsed.data, reference)));
  const stored = `${options.path}\n${key as string}`;
  const fingerprint = fingerprintOf(options.path, parsed.data);
  const first = options.replies.get(stored);
  if (first && first.fingerprint !== fingerprint)
    return send(response, {
      status: 422,
      body: { Message: 'Idempotency-Key reused with a different request', Code: 'IDEMPOTENCY_KEY_REUSED' },
    });
  if (first) return send(response, first.reply);
  const reply = enveloped(await operation.answer(parsed.data, reference));
  // Only an answer is kept: a refusal may be asked again once what was missing is there.
  if (reply.status >= 200 && reply.status <= 299) options.replies.set(stored, { fingerprint, reply });
  send(response, reply);
}
