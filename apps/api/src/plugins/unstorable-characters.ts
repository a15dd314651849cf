import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { badRequest, type FieldError } from '#src/lib/app-error.ts';

// Text PostgreSQL cannot store is refused in every body, query and path value, with 400 naming the field:
// - the NUL character (U+0000): not allowed in text or jsonb; it was a 500 from the database after the
//   schemas let it through (found by the OpenAPI fuzzer in a body, `{"FirstName":"\u0000"}` on
//   PATCH /person/{id}; by the field sweep in a query, `GET /loan-application?humanReadableID=%00`);
// - a lone surrogate (half of a UTF-16 pair, not Unicode text): JSON.stringify writes it as `\ud800`,
//   which jsonb refuses, so a comment or reason recorded in an event or audit row was a 500 (field sweep,
//   issue 32: POST /loan-application/{id}/block `Comment`, POST /backoffice/applications/{id}/withdraw).
// No field has a use for either.
//
// It is part of validation, so it runs as each route's last preValidation hook (route-level hooks run after
// the plugins' ones): a route that needs a token answers an anonymous caller 401 first (issue 32), and the
// back-office gate its 403, before anything about the input is said.

const NUL = 'Must not contain the NUL character';
const LONE_SURROGATE = 'Must be well-formed Unicode text';

// A high surrogate not followed by a low one, or a low one not after a high one (String#isWellFormed is
// ES2024, past our lib).
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? NUL : loneSurrogate.test(text) ? LONE_SURROGATE : null;

/**
 * The first string (or key) in `value` that cannot be stored, as a field error with its dotted path ('' for
 * the value itself); null if none. Iterative: a body may nest deeper than the call stack goes.
 */
export function unstorableText(value: unknown, root = ''): FieldError | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) return { Field: path, Message: problem };
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      const problem = problemOf(key);
      if (problem) return { Field: childPath, Message: problem };
      pending.push([child, childPath]);
    }
  }
  return null;
}

/**
 * Whether `value` is clean at a glance: absent, or a primitive or flat object of primitives whose strings and
 * keys are all storable — the path values and query of nearly every request. It allocates nothing (the walk
 * above allocates a pair per value, on every request); anything nested, or any problem, is left to
 * `unstorableText`, so the error and its path are the walk's.
 */
function plainlyStorable(value: unknown): boolean {
  if (typeof value === 'string') return problemOf(value) === null;
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (problemOf(key) !== null) return false;
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === 'string') {
      if (problemOf(child) !== null) return false;
    } else if (typeof child === 'object' && child !== null) return false;
  }
  return true;
}

const unstorableIn = (value: unknown): FieldError | null =>
  plainlyStorable(value) ? null : unstorableText(value);

const refuseUnstorable: preValidationHookHandler = (
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) => {
  const error = unstorableIn(request.params) ?? unstorableIn(request.query) ?? unstorableIn(request.body);
  if (error === null) return done();
  done(badRequest('Validation failed', [error]));
};

/** Adds the check as the last preValidation hook of every route registered after it. */
export function refuseUnstorableCharacters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.preValidation;
    route.preValidation = [...(own ? (Array.isArray(own) ? own : [own]) : []), refuseUnstorable];
  });
}
