import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApplication } from '#src/features/apply/api/create-application.ts';
import { authStore } from '#src/session/auth-store.ts';
import { send } from '#src/shared/api/http.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { customerToken } from '#src/test/tokens.ts';

// ADR 0071: the applicant's creating calls carry an Idempotency-Key, one per logical action; a call whose
// connection dropped is sent once more with the same key (the server answers it with the first answer).

const fetchMock = vi.fn<typeof fetch>();
const keyOf = (call: number) =>
  (fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)['Idempotency-Key'];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({ api: 'https://api.test' });
  const result = authStore.getState().setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  if (!result.ok) throw result.error;
});
afterEach(() => {
  authStore.getState().unsetAuth();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const body = { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 150000, Duration: 5 } as never;

describe('Idempotency-Key', () => {
  it('POST /loan-application sends a new key for each submit', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    await createApplication(body).catch(() => undefined);
    await createApplication(body).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(1)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(0)).not.toBe(keyOf(1));
  });

  it('sends a call with a key once more, with the same key, when its connection dropped', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    const response = await send('POST', 'https://api.test/loan-application', {
      token: 't',
      body: {},
      idempotencyKey: 'submit-1',
    });
    expect(response?.status).toBe(201);
    expect([keyOf(0), keyOf(1)]).toEqual(['submit-1', 'submit-1']);
  });

  it('never sends a call without a key twice', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(send('POST', 'https://api.test/loan-application', { token: 't', body: {} })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(0)).toBeUndefined();
  });
});
