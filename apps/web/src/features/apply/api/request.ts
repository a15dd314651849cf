import type { HttpMethod } from '@nordloan/domain/errors';
import { authStore, effectiveToken } from '#src/session/auth-store.ts';
import { ApiError, entityRequest, joinUrl } from '#src/shared/api/http.ts';
import { personServiceUrl, serviceUrl } from '#src/shared/api/service-urls.ts';

// The apply feature's calls share this: the API (or the person service) base, the tab's token, §8 entity
// error texts, and the bad-result shape `{ Bad, Errors: [{ Field, Message }] }` read back for the form.

export interface CallOptions {
  body?: unknown;
  /** §7 calls marked "no token". */
  anonymous?: boolean;
  service?: 'api' | 'person';
  throwBodyWhen?: (status: number, body: unknown) => boolean;
  /** A creating call's key, one per logical action (shared/api/http.ts newIdempotencyKey). */
  idempotencyKey?: string;
}

export function currentToken(): string | null {
  return effectiveToken(authStore.getState());
}

export function call<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<T | undefined> {
  const base = options.service === 'person' ? personServiceUrl() : serviceUrl();
  return entityRequest<T>(method, joinUrl(base, path), {
    token: options.anonymous ? null : currentToken(),
    requireToken: !options.anonymous,
    body: options.body,
    throwBodyWhen: options.throwBodyWhen,
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}

export interface FieldProblem {
  Field: string;
  Message: string;
}

/** The field errors of a §3 bad result, when the error carries one. */
export function fieldProblems(error: unknown): FieldProblem[] {
  const body = error instanceof ApiError ? error.body : error;
  if (!body || typeof body !== 'object' || !('Errors' in body)) return [];
  const errors = (body as { Errors: unknown }).Errors;
  return Array.isArray(errors)
    ? errors.filter(
        (item): item is FieldProblem =>
          !!item &&
          typeof item === 'object' &&
          typeof item.Field === 'string' &&
          typeof item.Message === 'string',
      )
    : [];
}
