import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { badRequest } from '#src/lib/app-error.ts';

// The NUL character (U+0000) is refused in every body, query and path value: PostgreSQL cannot store it in
// text or jsonb, so it failed in the database as a 500 after the schemas let it through (found by the
// OpenAPI fuzzer in a body, `{"FirstName":"\u0000"}` on PATCH /person/{id}; by the field sweep in a query,
// `GET /loan-application?humanReadableID=%00`). No field has a use for it.
//
// It is part of validation, so it runs as each route's last preValidation hook (route-level hooks run after
// the plugins' ones): a route that needs a token answers an anonymous caller 401 first (issue 32), and the
// back-office gate its 403, before anything about the input is said.

const message = 'Must not contain the NUL character';

/**
 * The dotted path of a string (or key) holding U+0000, '' for the value itself; null if none. Iterative: a
 * body may nest deeper than the call stack goes.
 */
export function fieldWithNul(value: unknown, root = ''): string | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      pending.push([child, childPath]);
    }
  }
  return null;
}

const refuseNul: preValidationHookHandler = (
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) => {
  const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
  if (field === null) return done();
  done(badRequest('Validation failed', [{ Field: field, Message: message }]));
};

/** Adds the NUL check as the last preValidation hook of every route registered after it. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.preValidation;
    route.preValidation = [...(own ? (Array.isArray(own) ? own : [own]) : []), refuseNul];
  });
}
