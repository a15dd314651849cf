import type { FastifyRequest } from 'fastify';

// Never log tokens or national identity numbers: magic tokens travel in paths, tokens and ids may travel in
// query strings, and bearer tokens in headers (pino never sees headers: the serializer below drops them).
const SENSITIVE_QUERY_KEYS = /^(token|t|jwt|magictoken|nationalid|national_id|ssn|email)$/i;

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/\/magic\/[^/]+/g, '/magic/[redacted]');
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
