import { type EntityRequestVerb, errorMessages, type HttpMethod } from '@nordloan/domain/errors';

// §7 generic helpers and §8 error texts. Three error styles exist, each where the spec puts it:
//  - generic helpers (getJson, postJson, …): 'Network response was not OK: {status}'
//  - the general request helper (apiRequest): 'Failed to {METHOD} {path}; Error: {status}: {text}'
//  - entity calls for applications, leads and persons (entityRequest): 'Error fetching {url}: …'
// Customer calls use their own short texts (see features/customer).

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type Query = Record<string, QueryValue>;

/** An error that carries the response, so callers can look at the status and the body. */
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

/** §7: undefined (and null) parameters are dropped, arrays are joined by comma. */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Fills `{name}` placeholders; §8 'Missing parameter: {name}' when one is absent or empty. */
export function fillPath(
  template: string,
  params: Record<string, string | number | null | undefined>,
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(errorMessages.missingParameter(name));
    }
    return encodeURIComponent(String(value));
  });
}

export function joinUrl(base: string, path: string, query?: Query): string {
  const slashBase = base.endsWith('/') ? base.slice(0, -1) : base;
  const slashPath = path.startsWith('/') ? path : `/${path}`;
  return `${slashBase}${slashPath}${buildQueryString(query)}`;
}

export interface SendOptions {
  token?: string | null;
  /** Calls marked "no token" in §7 pass false; every other call is refused without one. */
  requireToken?: boolean;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * One per logical action (a submit, not a request): a creating call sent again with it — the retry below
   * after a dropped connection, or the user's second press — gets the first answer (ADR 0071).
   */
  idempotencyKey?: string;
}

/** A new Idempotency-Key: random, 122 bits (crypto.randomUUID is missing outside secure contexts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends one request. §7: every call carries the token and is refused before sending without one
 * ('Missing token'); JSON content type; CORS mode; a JSON body when given. §8: a 429 is a console
 * warning only — the answer is undefined, nothing is thrown.
 */
export async function send(
  method: HttpMethod,
  url: string,
  options: SendOptions = {},
): Promise<Response | undefined> {
  const { token, requireToken = true, body, signal, idempotencyKey } = options;
  if (requireToken && !token) throw new Error(errorMessages.missingToken());
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const init: RequestInit = {
    method,
    mode: 'cors',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // No answer (the connection dropped, e.g. an instance restarting): with a key the call is safe to send
    // once more — the server answers a call it already made with that first answer.
    if (!idempotencyKey || signal?.aborted) throw error;
    response = await fetch(url, init);
  }
  if (response.status === 429) {
    console.warn(errorMessages.tooManyRequests());
    return undefined;
  }
  return response;
}

/**
 * §7: a pdf or image yields its (object) URL, JSON yields parsed JSON, text yields text, else nothing;
 * a PUT answered 204 gives an empty object.
 */
export async function readBody(response: Response, method: HttpMethod): Promise<unknown> {
  if (response.status === 204) return method === 'PUT' ? {} : undefined;
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/pdf') || type.startsWith('image/')) {
    return URL.createObjectURL(await response.blob());
  }
  if (type.includes('application/json') || type.includes('+json')) {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  }
  if (type.startsWith('text/')) return response.text();
  return undefined;
}

/** The body of an error response, best effort (never throws). */
export async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/** The server's own words: `error`, `Message` or `message` of the body, or a text body. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'Message', 'message']) {
      if (typeof record[key] === 'string' && record[key]) return record[key] as string;
    }
  }
  return undefined;
}

// ── generic helpers ──────────────────────────────────────────────────────────────────────────────

async function generic<T>(method: HttpMethod, url: string, options?: SendOptions): Promise<T | undefined> {
  const response = await send(method, url, options);
  if (!response) return undefined;
  if (!response.ok) {
    throw new ApiError(
      errorMessages.networkResponseNotOk(response.status),
      response.status,
      await readErrorBody(response),
    );
  }
  return (await readBody(response, method)) as T;
}

export const getJson = <T>(url: string, options?: SendOptions) => generic<T>('GET', url, options);
export const postJson = <T>(url: string, options?: SendOptions) => generic<T>('POST', url, options);
export const putJson = <T>(url: string, options?: SendOptions) => generic<T>('PUT', url, options);
export const patchJson = <T>(url: string, options?: SendOptions) => generic<T>('PATCH', url, options);
export const deleteJson = <T>(url: string, options?: SendOptions) => generic<T>('DELETE', url, options);

// ── the general request helper ───────────────────────────────────────────────────────────────────

export interface ApiRequestOptions extends SendOptions {
  query?: Query;
  baseUrl: string;
}

/** §8 'Error: {status}: {status text or message}', wrapped as 'Failed to {method} {path}; …'. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions,
): Promise<T | undefined> {
  const response = await send(method, joinUrl(options.baseUrl, path, options.query), options);
  if (!response) return undefined;
  if (!response.ok) {
    const body = await readErrorBody(response);
    const detail = response.statusText || serverMessage(body) || '';
    throw new ApiError(
      errorMessages.requestFailed(method, path, response.status, detail),
      response.status,
      body,
    );
  }
  return (await readBody(response, method)) as T;
}

// ── entity calls: applications, leads, persons ───────────────────────────────────────────────────

const verbs: Record<HttpMethod, EntityRequestVerb> = {
  GET: 'fetching',
  POST: 'posting',
  PUT: 'posting',
  PATCH: 'patching',
  DELETE: 'deleting',
};

export interface EntityRequestOptions extends SendOptions {
  /** §8: delete calls for car and lead omit the server message. */
  omitServerMessage?: boolean;
  /** Bodies that are thrown as they are instead of an Error (§7: a 403 on PATCH with applicationIDs). */
  throwBodyWhen?: (status: number, body: unknown) => boolean;
}

/** §8 'Error fetching/posting/patching/deleting {url}: {status} {status text} {server error or message}'. */
export async function entityRequest<T>(
  method: HttpMethod,
  url: string,
  options: EntityRequestOptions = {},
): Promise<T | undefined> {
  const response = await send(method, url, options);
  if (!response) return undefined;
  if (!response.ok) {
    const body = await readErrorBody(response);
    if (options.throwBodyWhen?.(response.status, body)) throw body;
    const message = errorMessages.entityRequestFailed(
      verbs[method],
      url,
      response.status,
      response.statusText,
      options.omitServerMessage ? undefined : serverMessage(body),
    );
    throw new ApiError(message, response.status, body);
  }
  return (await readBody(response, method)) as T;
}

/**
 * Parses an answer with a schema. A 429 answer is undefined (§8: nothing thrown or returned); it becomes
 * null here, because a query cannot hold undefined.
 */
export function parseAnswer<T>(schema: { parse(value: unknown): T }, body: unknown): T | null {
  return body === undefined ? null : schema.parse(body);
}
