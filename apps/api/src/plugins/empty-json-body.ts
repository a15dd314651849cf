import type { FastifyInstance } from 'fastify';
import { badRequest } from '#src/lib/app-error.ts';

// §7: the web app's helpers always send a JSON content type and a body only when there is one, so the
// action calls without a payload (POST … product-recommendation "(empty body)", PATCH …/application-complete,
// accept, withdraw …) arrive as `Content-Type: application/json` with nothing after it, which Fastify's
// default parser refuses with a 400. For every route an empty JSON body is read as no body (a route whose
// schema needs a body still answers 400 from validation); anything else goes through Fastify's own safe
// JSON parser (prototype-poisoning protection included).
//
// A string with the NUL character (JSON `\u0000`) is refused here for every route: PostgreSQL cannot store
// it in text or jsonb, so it would fail in the database as a 500 after the schemas let it through (found by
// the OpenAPI fuzzer: `{"FirstName":"\u0000"}` on PATCH /person/{id}). No field has a use for it.
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const field = fieldWithNul(value);
      if (field === null) return done(null, value);
      done(
        badRequest('Validation failed', [{ Field: field, Message: 'Must not contain the NUL character' }]),
      );
    });
  });
}

/**
 * The dotted path of a string (or key) holding U+0000, '' for the body itself; null if none. Iterative: a
 * body may nest deeper than the call stack goes.
 */
function fieldWithNul(body: unknown): string | null {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return itemPath;
      pending.push([item, itemPath]);
    }
  }
  return null;
}
