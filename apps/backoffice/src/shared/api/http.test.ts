import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, describeProblem, request, withQuery } from '#src/shared/api/http.ts';
import { readToken, saveToken } from '#src/shared/session/session-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('describeProblem', () => {
  it('shows the §8 bad result with its field errors', () => {
    expect(
      describeProblem(400, {
        Bad: true,
        Message: 'Validation failed',
        Errors: [{ Field: 'Reason', Message: 'Must not be empty' }],
      }),
    ).toBe('Validation failed — Reason: Must not be empty');
  });
  it('falls back to a sentence per status', () => {
    expect(describeProblem(403, undefined)).toBe('Your role does not allow this.');
    expect(describeProblem(418, undefined)).toBe('The server answered 418');
  });
});

describe('request', () => {
  it('drops empty query values', () => {
    expect(
      withQuery('/backoffice/assignments', { view: 'mine', BucketID: undefined, Processed: false }),
    ).toBe('/backoffice/assignments?view=mine&Processed=false');
  });

  it('refuses to send a staff call without a token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('GET', '/backoffice/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgets the token on a 401', async () => {
    saveToken('expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"Message":"Unauthorized"}', { status: 401 })),
    );
    const error = (await request('GET', '/backoffice/me').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Unauthorized');
    expect(readToken()).toBeNull();
  });
});
