import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { getCustomer } from '#src/shared/entities/get-customer.ts';
import { customerRecord } from '#src/test/records.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, value: unknown, statusText = '') =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(value), {
      status,
      statusText,
      headers: { 'content-type': 'application/json' },
    }),
  );
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

describe('§7 customer calls', () => {
  it('the answer is read with the contract customer schema', async () => {
    json(200, customerRecord({ ID: 'c-1' }));
    expect(await getCustomer('c-1', 'tok')).toEqual(customerRecord({ ID: 'c-1' }));
    json(200, { ID: 'c-1' });
    await expect(getCustomer('c-1', 'tok')).rejects.toThrow();
  });
  it("'Failed to fetch customer' for a failed customer fetch", async () => {
    json(500, { Message: 'x' }, 'Internal Server Error');
    await expect(getCustomer('c-1', 'tok')).rejects.toThrow(/^Failed to fetch customer$/);
  });
  it("'No service URL found!' when nothing is configured", async () => {
    resetServiceUrls();
    await expect(getCustomer('c-1', 'tok')).rejects.toThrow('No service URL found!');
  });
});
