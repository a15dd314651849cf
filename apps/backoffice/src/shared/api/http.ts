import { clearToken, readToken } from '#src/shared/session/session-store.ts';

// One request helper for every back-office call: JSON in and out, the staff bearer token from the
// session, and an ApiError that carries the status and the server's own words (§8 bad-result shape
// `{ Bad, Errors: [{ Field, Message }], Message }`, or `{ Message }`). A 401 means the token expired or
// was revoked: it is dropped, so the app falls back to the sign-in page.

export type QueryValue = string | number | boolean | null | undefined;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Encodes one path segment (ids come from URLs and answers, never trusted as they are). */
export const segment = (value: string) => encodeURIComponent(value);

/** The server's message, with the field errors of a bad result appended. */
export function describeProblem(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as { Message?: unknown; message?: unknown; Errors?: unknown };
    const message =
      typeof record.Message === 'string'
        ? record.Message
        : typeof record.message === 'string'
          ? record.message
          : undefined;
    const fields = Array.isArray(record.Errors)
      ? record.Errors.filter(
          (error): error is { Field: string; Message: string } =>
            !!error && typeof error === 'object' && 'Field' in error && 'Message' in error,
        ).map((error) => `${error.Field}: ${error.Message}`)
      : [];
    if (message || fields.length > 0) return [message, ...fields].filter(Boolean).join(' — ');
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return body.trim();
  return fallbackMessages[status] ?? `The server answered ${status}`;
}

const fallbackMessages: Record<number, string> = {
  401: 'Your session has ended. Sign in again.',
  403: 'Your role does not allow this.',
  404: 'Not found, or not in a country you work with.',
  409: 'Someone else changed this in the meantime. Reload and try again.',
  429: 'Too many requests. Wait a moment and try again.',
};

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sign-in calls are made without a token. */
  anonymous?: boolean;
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!options.anonymous) {
    const token = readToken();
    if (!token) throw new ApiError(fallbackMessages[401]!, 401);
    headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached. Check the connection and try again.', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) clearToken();
    throw new ApiError(describeProblem(response.status, body), response.status, body);
  }
  return body as T;
}

/** Parses an answer; a shape we do not understand is reported, not rendered half. */
export function parseWith<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) {
  return (body: unknown): T => {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ApiError('The server sent an answer this page does not understand.', 0, body);
    return parsed.data as T;
  };
}
