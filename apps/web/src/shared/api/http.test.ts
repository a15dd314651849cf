import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  buildQueryString,
  deleteJson,
  entityRequest,
  fillPath,
  getJson,
  joinUrl,
  patchJson,
  postJson,
  putJson,
  send,
} from '#src/shared/api/http.ts';
import {
  configureServiceUrls,
  defaultServiceUrls,
  integrationUrl,
  personServiceUrl,
  resetServiceUrls,
  serviceUrl,
} from '#src/shared/api/service-urls.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(
  status: number,
  body?: BodyInit | null,
  headers: Record<string, string> = {},
  statusText = '',
) {
  fetchMock.mockResolvedValueOnce(new Response(body ?? null, { status, headers, statusText }));
}
const json = (status: number, value: unknown, statusText = '') =>
  respond(status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8' }, statusText);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServiceUrls();
});

describe('§7 generic helpers: the request', () => {
  it('sends JSON content type, CORS mode and the token in the Authorization header', async () => {
    json(200, {});
    await getJson('https://api.test/x', { token: 'tok' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.test/x');
    expect(init?.mode).toBe('cors');
    expect(init?.method).toBe('GET');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(init?.body).toBeUndefined();
  });

  it('sends a JSON body when given', async () => {
    json(200, {});
    await postJson('https://api.test/x', { token: 'tok', body: { Partner: 'p' } });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"Partner":"p"}');
  });

  it("'Missing token': a call with no token is refused before sending", async () => {
    await expect(getJson('https://api.test/x')).rejects.toThrow('Missing token');
    await expect(getJson('https://api.test/x', { token: '' })).rejects.toThrow('Missing token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls marked "no token" go out without an Authorization header', async () => {
    json(200, {});
    await getJson('https://api.test/x', { requireToken: false });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('§7 query parameters', () => {
  it('undefined parameters are dropped', () => {
    expect(buildQueryString({ a: 1, b: undefined, c: null })).toBe('?a=1');
  });

  it('arrays are joined by comma', () => {
    expect(buildQueryString({ product: ['UnsecuredLoan', 'CreditCard'], status: [100, 200] })).toBe(
      '?product=UnsecuredLoan%2CCreditCard&status=100%2C200',
    );
  });

  it('no parameters, no question mark', () => {
    expect(buildQueryString({ a: undefined })).toBe('');
    expect(joinUrl('https://api.test/', '/loan-application', { pageSize: 25 })).toBe(
      'https://api.test/loan-application?pageSize=25',
    );
  });
});

describe('§7 responses', () => {
  it('JSON yields parsed JSON', async () => {
    json(200, { ID: 'a' });
    expect(await getJson('https://api.test/x', { token: 't' })).toEqual({ ID: 'a' });
  });

  it('text yields text', async () => {
    respond(200, 'hello', { 'content-type': 'text/plain' });
    expect(await getJson('https://api.test/x', { token: 't' })).toBe('hello');
  });

  it('a pdf yields its object URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:pdf-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    respond(200, new TextEncoder().encode('%PDF'), { 'content-type': 'application/pdf' });
    expect(await getJson('https://api.test/x.pdf', { token: 't' })).toBe('blob:pdf-1');
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('an image yields its object URL', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:img-1') }));
    respond(200, new TextEncoder().encode('png'), { 'content-type': 'image/png' });
    expect(await getJson('https://api.test/x.png', { token: 't' })).toBe('blob:img-1');
  });

  it('anything else yields nothing', async () => {
    respond(200, 'bin', { 'content-type': 'application/octet-stream' });
    expect(await getJson('https://api.test/x', { token: 't' })).toBeUndefined();
  });

  it('a PUT answered with 204 gives an empty object', async () => {
    respond(204);
    expect(await putJson('https://api.test/x', { token: 't', body: {} })).toEqual({});
  });

  it('a DELETE answered with 204 gives nothing', async () => {
    respond(204);
    expect(await deleteJson('https://api.test/x', { token: 't' })).toBeUndefined();
  });
});

describe('§8 error texts', () => {
  it("'Network response was not OK: {status}' for a non-OK response in the generic helpers", async () => {
    json(500, { Message: 'x' });
    await expect(patchJson('https://api.test/x', { token: 't', body: {} })).rejects.toThrow(
      'Network response was not OK: 500',
    );
  });

  it("'Too many requests': a 429 is a console warning only; nothing is thrown or returned", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    respond(429, 'slow down', { 'content-type': 'text/plain' });
    await expect(getJson('https://api.test/x', { token: 't' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Too many requests');
    respond(429);
    await expect(
      apiRequest('GET', '/x', { baseUrl: 'https://api.test', token: 't' }),
    ).resolves.toBeUndefined();
    respond(429);
    await expect(entityRequest('GET', 'https://api.test/x', { token: 't' })).resolves.toBeUndefined();
  });

  it("'Failed to {METHOD} {path}; Error: {status}: {status text}' in the general request helper", async () => {
    json(404, { Message: 'gone' }, 'Not Found');
    await expect(apiRequest('GET', '/auth/me', { baseUrl: 'https://api.test', token: 't' })).rejects.toThrow(
      'Failed to GET /auth/me; Error: 404: Not Found',
    );
  });

  it('… or the server message when there is no status text', async () => {
    json(401, { Bad: true, Errors: [], Message: 'Missing token' });
    await expect(
      apiRequest('POST', '/auth/magic-token', { baseUrl: 'https://api.test', requireToken: false }),
    ).rejects.toThrow('Failed to POST /auth/magic-token; Error: 401: Missing token');
  });

  it("'Error fetching {url}: {status} {status text} {server message}' for entity calls", async () => {
    json(500, { Bad: true, Errors: [], Message: 'Database down' }, 'Internal Server Error');
    await expect(entityRequest('GET', 'https://api.test/loan-application/a', { token: 't' })).rejects.toThrow(
      'Error fetching https://api.test/loan-application/a: 500 Internal Server Error Database down',
    );
  });

  it("'Error posting / patching / deleting {url}: …' by method", async () => {
    json(400, { error: 'bad' }, 'Bad Request');
    await expect(entityRequest('POST', 'https://api.test/lead/1', { token: 't', body: {} })).rejects.toThrow(
      'Error posting https://api.test/lead/1: 400 Bad Request bad',
    );
    json(409, { Message: 'stale' }, 'Conflict');
    await expect(
      entityRequest('PATCH', 'https://api.test/loan-application/1', { token: 't', body: {} }),
    ).rejects.toThrow('Error patching https://api.test/loan-application/1: 409 Conflict stale');
    json(404, { Message: 'nope' }, 'Not Found');
    await expect(entityRequest('DELETE', 'https://api.test/x/1', { token: 't' })).rejects.toThrow(
      'Error deleting https://api.test/x/1: 404 Not Found nope',
    );
  });

  it('delete calls for car and lead omit the server message', async () => {
    json(404, { Message: 'nope' }, 'Not Found');
    await expect(
      entityRequest('DELETE', 'https://api.test/lead/1/2', { token: 't', omitServerMessage: true }),
    ).rejects.toThrow(/^Error deleting https:\/\/api.test\/lead\/1\/2: 404 Not Found$/);
  });

  it('errors carry status and body', async () => {
    json(403, { Message: 'no' });
    const error = await entityRequest('GET', 'https://api.test/x', { token: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toEqual({ Message: 'no' });
  });

  it('throwBodyWhen throws the body itself', async () => {
    json(403, { applicationIDs: ['a'] });
    await expect(
      entityRequest('PATCH', 'https://api.test/x', {
        token: 't',
        body: {},
        throwBodyWhen: (status) => status === 403,
      }),
    ).rejects.toEqual({ applicationIDs: ['a'] });
  });

  it("'Missing parameter: {name}' when a path parameter is absent", () => {
    expect(() => fillPath('/loan-application/{id}', {})).toThrow('Missing parameter: id');
    expect(() =>
      fillPath('/loan-application/{id}/documents/{documentId}', { id: 'a', documentId: '' }),
    ).toThrow('Missing parameter: documentId');
    expect(fillPath('/loan-application/{id}', { id: 'a b' })).toBe('/loan-application/a%20b');
  });

  it("'No service URL found!' when the API URL is not configured", () => {
    expect(() => serviceUrl()).toThrow('No service URL found!');
  });

  it("'No integration URL found' for integration calls without an integration URL", () => {
    configureServiceUrls({ api: 'https://api.test' });
    expect(() => integrationUrl()).toThrow('No integration URL found');
  });

  it('the person service falls back to the API URL', () => {
    configureServiceUrls({ api: 'https://api.test/' });
    expect(serviceUrl()).toBe('https://api.test');
    expect(personServiceUrl()).toBe('https://api.test');
  });

  it('by default every service is the page origin', () => {
    expect(defaultServiceUrls('https://no-main.localhost:3000')).toEqual({
      api: 'https://no-main.localhost:3000',
      integration: 'https://no-main.localhost:3000',
      person: 'https://no-main.localhost:3000',
    });
    expect(
      defaultServiceUrls('https://o', { VITE_API_URL: 'https://a', VITE_PERSON_URL: 'https://p' }),
    ).toEqual({
      api: 'https://a',
      integration: 'https://a',
      person: 'https://p',
    });
  });

  it('send refuses before fetch when no token', async () => {
    await expect(send('DELETE', 'https://api.test/x', {})).rejects.toThrow('Missing token');
  });
});
