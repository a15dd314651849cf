import type { FastifyInstance } from 'fastify';

// §7: the web app's helpers always send a JSON content type and a body only when there is one, so the
// action calls without a payload (POST … product-recommendation "(empty body)", PATCH …/application-complete,
// accept, withdraw …) arrive as `Content-Type: application/json` with nothing after it, which Fastify's
// default parser refuses with a 400. For every route an empty JSON body is read as no body (a route whose
// schema needs a body still answers 400 from validation); anything else goes through Fastify's own safe
// JSON parser (prototype-poisoning protection included). Text PostgreSQL cannot store (a NUL, a lone
// surrogate) is refused at validation (unstorable-characters.ts), after the route's token check.
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
