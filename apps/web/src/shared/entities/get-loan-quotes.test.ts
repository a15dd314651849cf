import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { getLoanQuotes } from '#src/shared/entities/get-loan-quotes.ts';
import { loanQuoteRecord } from '#src/test/records.ts';

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

describe('§7 quotes (integration service)', () => {
  it('quotes come from the integration service', async () => {
    json(200, [loanQuoteRecord({ ID: 'q-1' })]);
    expect(await getLoanQuotes('app-1', 'tok')).toEqual([loanQuoteRecord({ ID: 'q-1' })]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      'https://int.test/loan-quote-presentation/application/app-1/quotes',
    );
  });
  it("§8 a failed load of quotes: 'Network response was not OK: {status}'", async () => {
    json(502, {});
    await expect(getLoanQuotes('app-1', 'tok')).rejects.toThrow('Network response was not OK: 502');
  });
  it("'No integration URL found' when the integration URL is not configured", async () => {
    resetServiceUrls();
    configureServiceUrls({ api: 'https://api.test' });
    await expect(getLoanQuotes('app-1', 'tok')).rejects.toThrow('No integration URL found');
  });
});
