import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationLiveUpdates } from '#src/features/my-page/api/application-events.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';

// The personal page's live stream: the token in the Authorization header (never the URL), the views
// refreshed on each event, and `live` false — so the page polls — while the stream is refused.

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** A response body the test writes events into and that stays open, as the server's does. */
function openStream() {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { response: new Response(body, { status: 200 }), push: (text: string) => push(text) };
}

beforeEach(() => {
  queryClient = new QueryClient();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({ api: 'http://api.test', integration: 'http://api.test' });
  authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
  authStore.setState({ ...initialAuthData });
});

describe('useApplicationLiveUpdates', () => {
  it('goes live on ready and refreshes the application’s views on each change', async () => {
    const stream = openStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useApplicationLiveUpdates('app-1', { enabled: true }), { wrapper });

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://api.test/loan-application/app-1/events');
    expect(String(url)).not.toContain('tok');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.Accept).toBe('text/event-stream');

    stream.push('retry: 2000\nevent: ready\ndata: {}\n\n');
    await waitFor(() => expect(result.current.live).toBe(true));
    invalidate.mockClear();
    stream.push('event: changed\ndata: {}\n\n');
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({
        queryKey: ['application', 'app-1', 'loan-quotes-presentation-v2'],
      }),
    );
  });

  it('stays off (the page polls) while the stream is refused, and tries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
      const { result } = renderHook(() => useApplicationLiveUpdates('app-1', { enabled: true }), { wrapper });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(result.current.live).toBe(false);
      await vi.advanceTimersByTimeAsync(1_100);
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(result.current.live).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens nothing when disabled', async () => {
    renderHook(() => useApplicationLiveUpdates('app-1', { enabled: false }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
