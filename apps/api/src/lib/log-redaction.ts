import type { FastifyRequest } from 'fastify';

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
