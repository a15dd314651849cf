import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { getPerson } from '#src/shared/entities/get-person.ts';
import { personRecord } from '#src/test/records.ts';

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

describe('§7 person calls', () => {
  it('the person comes from the person service base address', async () => {
    json(200, personRecord({ ID: 'p-1' }));
    expect(await getPerson('p-1', 'tok')).toEqual(personRecord({ ID: 'p-1' }));
    expect(fetchMock.mock.calls[0]![0]).toBe('https://person.test/person/p-1');
  });
  it('an answer that is not the contract person shape is refused', async () => {
    json(200, { ID: 'p-1' });
    await expect(getPerson('p-1', 'tok')).rejects.toThrow();
  });
  it("'Error fetching {url}: …' for a failed person fetch", async () => {
    json(404, { Message: 'nope' }, 'Not Found');
    await expect(getPerson('p-1', 'tok')).rejects.toThrow(
      'Error fetching https://person.test/person/p-1: 404 Not Found nope',
    );
  });
});
