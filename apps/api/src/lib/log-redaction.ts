import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { errorMessageOf, involvesFailedQuery } from './error-message.ts';

// Never log tokens or national identity numbers: magic tokens travel in paths, tokens and ids may travel in
// query strings, and bearer tokens in headers (pino never sees headers: the serializer below drops them).
// Search terms too: staff search by national id, phone, e-mail or name (`/backoffice/search?q=…`). And the
// e-ID login's callback (ADR 0029): its authorization code and state are credentials until redeemed.
const SENSITIVE_QUERY_KEYS =
  /^(token|t|jwt|magictoken|nationalid|national_id|ssn|email|phone|q|query|search|code|state)$/i;

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .replace(/\/magic\/[^/]+/g, '/magic/[redacted]')
    // A national identity number typed into a path (a mistaken link, a probe): NO/DK/SE/FI shapes.
    .replace(/\/(?:\d{6}|\d{8})[-+A-Ya-y]?\d{3,5}[0-9A-Za-z]?(?=\/|$)/g, '/[redacted]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${safePath}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.headers.host,
  remoteAddress: request.ip,
});

/** What a log line holds of an error. */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The log's `err` serializer. A failed database statement is logged as the database's own error, its
 * SQLSTATE and where it was thrown: Drizzle's error carries the statement's parameters (in its message,
 * its stack's first line and its `params`), and those are an application's snapshot, a person's
 * details, a token (a 500 on a PATCH logged the whole application). Other errors as pino logs them.
 */
export function errorSerializer(error: unknown): SerializedError {
  if (!involvesFailedQuery(error)) {
    const serialized: SerializedError = stdSerializers.err(error as Error);
    // pino's own serializer writes the errors an error holds in `errors` (an AggregateError: Promise.any, a
    // connection tried on several addresses) with itself: each goes through this one instead.
    // (An error that is not an AggregateError also has its `errors` copied raw, as an own property.)
    const inner = (error as { errors?: unknown } | null)?.errors;
    if (Array.isArray(inner)) {
      const { errors: _raw, ...rest } = serialized;
      return { ...rest, aggregateErrors: inner.map((each) => errorSerializer(each)) };
    }
    return serialized;
  }
  const { name, message, stack = '' } = error as Error;
  // The stack's head repeats the message (parameters included): only the frames after it are kept.
  const head = `${name}: ${message}`;
  const frames = stack.startsWith(head) ? stack.slice(head.length).replace(/^\n/, '') : '';
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return {
    type: (error as Error).constructor.name,
    message: errorMessageOf(error),
    ...(typeof code === 'string' ? { code } : {}),
    stack: frames,
  };
}
