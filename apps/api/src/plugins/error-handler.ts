import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '#src/lib/app-error.ts';

/** The spec's bad-result shape (§3), used for every error answer so clients parse one thing. */
export interface BadResultBody {
  Bad: true;
  Errors: FieldError[];
  Message: string;
  [extra: string]: unknown;
}

export function badResult(message: string, errors: FieldError[] = [], extra: Record<string, unknown> = {}) {
  return { Bad: true, Errors: errors, Message: message, ...extra } satisfies BadResultBody;
}

// "/Debts/0/Balance" (body) or "/pageSize" (querystring) → "Debts.0.Balance" / "pageSize".
function fieldName(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || fallback;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too many requests',
  500: 'Internal Server Error',
};

/**
 * Errors the router raises before any hook or error handler runs (a path with bytes that are not UTF-8,
 * a path parameter over the router's length limit): Fastify would answer them in its own shape, echoing
 * the path (which may hold a magic token). Passed to Fastify as `frameworkErrors`: the §8 shape and a
 * fixed message instead (found by the OpenAPI fuzzer).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  const message = status === 414 ? 'URI Too Long' : (STATUS_MESSAGES[status] ?? 'Bad Request');
  reply.status(status).send(badResult(message));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(badResult(error.message, error.fieldErrors, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        Field: fieldName(issue.instancePath, context),
        Message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(badResult('Validation failed', errors));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      // Details stay in the log; the caller learns only that it failed.
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(status).send(badResult(STATUS_MESSAGES[500]!));
    }
    // Fastify's own 4xx errors (bad JSON, body too large, wrong content type, 429 from the rate limiter…)
    return reply.status(status).send(badResult(error.message || STATUS_MESSAGES[status] || 'Bad Request'));
  });
}
