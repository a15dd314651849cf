import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeLookupQuery } from '#src/session/active-application.ts';
import { createQueryClient, defaultStaleTime } from '#src/shared/api/query-client.ts';
import { applicationViews, queryKeys, refreshApplication } from '#src/shared/api/query-keys.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { getApplicationIdByMagicToken } from '#src/shared/entities/get-application-id-by-magic-token.ts';
import {
  getLoanApplication,
  loanApplicationQueryOptions,
} from '#src/shared/entities/get-loan-application.ts';
import { getLoanApplications } from '#src/shared/entities/get-loan-applications.ts';
import { loanApplicationRecord } from '#src/test/records.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, value: unknown, statusText = '') =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(value), {
      status,
      statusText,
      headers: { 'content-type': 'application/json' },
    }),
  );
const application = loanApplicationRecord({ ID: 'app-1', HumanReadableID: 'NL-1' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({
    api: 'https://api.test',
    integration: 'https://int.test',
    person: 'https://person.test',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetServiceUrls();
});

describe('application calls (§7)', () => {
  it('GET /loan-application/{id} with the token', async () => {
    json(200, application);
    expect(await getLoanApplication('app-1', 'tok')).toMatchObject({ ID: 'app-1', Product: 'UnsecuredLoan' });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.test/loan-application/app-1');
  });

  it('§8 a failed load of an application rethrows the error message', async () => {
    json(404, { Message: 'This page could not be found' }, 'Not Found');
    await expect(getLoanApplication('app-x', 'tok')).rejects.toThrow(
      'Error fetching https://api.test/loan-application/app-x: 404 Not Found This page could not be found',
    );
  });

  it('the active lookup asks GET /loan-application with pageSize 100 and pageNumber 1', async () => {
    json(200, { Items: [application], Total: 1, PageNumber: 1, PageSize: 100 });
    await getLoanApplications(
      activeLookupQuery('UnsecuredLoan', { customerId: 'c-1', personId: null }),
      'tok',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(
      'https://api.test/loan-application?pageSize=100&customerID=c-1&product=UnsecuredLoan&pageNumber=1',
    );
  });

  it('the general list uses page size 25', async () => {
    json(200, { Items: [], Total: 0, PageNumber: 1, PageSize: 25 });
    await getLoanApplications({ customerID: 'c-1', product: ['UnsecuredLoan', 'CreditCard'] }, 'tok');
    expect(fetchMock.mock.calls[0]![0]).toBe(
      'https://api.test/loan-application?pageSize=25&customerID=c-1&product=UnsecuredLoan%2CCreditCard',
    );
  });

  it('GET /loan-application/magic/{magicToken} goes out without a token and answers the ID', async () => {
    json(200, { ID: 'app-7' });
    expect(await getApplicationIdByMagicToken('m-1')).toBe('app-7');
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("'Missing parameter: id' when the id is absent", async () => {
    await expect(getLoanApplication('', 'tok')).rejects.toThrow('Missing parameter: id');
  });

  it("'Missing token' when there is no token", async () => {
    await expect(getLoanApplication('app-1', null)).rejects.toThrow('Missing token');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('query keys and cache (§3, §7, §9)', () => {
  it('every cached view of §3 is keyed by applicationID under one prefix', () => {
    for (const view of applicationViews) {
      expect(queryKeys.applicationView('app-1', view).slice(0, 2)).toEqual(queryKeys.application('app-1'));
    }
    expect(queryKeys.locks('app-1', 'NO')).toEqual(['application', 'app-1', 'locks', 'NO']);
    expect(queryKeys.revision('app-1', 3)).toEqual(['application', 'app-1', 'revision', 3]);
    expect(applicationViews).toHaveLength(16);
  });

  it('the default cache lifetime is 5 minutes', () => {
    expect(defaultStaleTime).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('after a PATCH all cached data of that application is refreshed, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.applicationView('app-1', 'detail'), application);
    client.setQueryData(queryKeys.applicationView('app-1', 'loan-quotes-presentation'), []);
    client.setQueryData(queryKeys.locks('app-1', 'NO'), {});
    client.setQueryData(queryKeys.applicationView('app-2', 'detail'), application);
    await refreshApplication(client, 'app-1');
    const invalid = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalid(queryKeys.applicationView('app-1', 'detail'))).toBe(true);
    expect(invalid(queryKeys.applicationView('app-1', 'loan-quotes-presentation'))).toBe(true);
    expect(invalid(queryKeys.locks('app-1', 'NO'))).toBe(true);
    expect(invalid(queryKeys.applicationView('app-2', 'detail'))).toBe(false);
  });

  it('the application is cached under its id', () => {
    expect(loanApplicationQueryOptions('app-1', 't').queryKey).toEqual(['application', 'app-1', 'detail']);
  });
});
