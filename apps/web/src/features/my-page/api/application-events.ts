import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { parseEventStream } from '#src/features/my-page/model/event-stream.ts';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, joinUrl } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 13: the personal page hears of new offers and status changes the moment they are stored
// (GET /loan-application/{id}/events, server-sent events; docs/decisions/0031). Read with fetch rather than
// EventSource so the token travels in the Authorization header as on every other call, never in a URL
// (where proxies and access logs would keep it). Each event refreshes the application's cached views;
// while the stream is down the page falls back to polling (the `live` flag says which).

/**
 * The views a stored change can alter: offers, status and history, each lender's path, the offer history.
 * Only these are refreshed, so a burst of changes (a fan-out to every lender) does not refetch every view.
 */
const liveViews = [
  'loan-quotes-presentation-v2',
  'registration-status',
  'loan-request',
  'loan-quotes-presentation',
] as const;

/** Pauses before reconnecting, growing to the last one and staying there. */
const reconnectDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000];

export function useApplicationLiveUpdates(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!options.enabled || !token || typeof fetch !== 'function') return;
    const controller = new AbortController();
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () =>
      Promise.all(
        liveViews.map((view) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.applicationView(applicationID, view) }),
        ),
      );

    const connect = async () => {
      try {
        const url = joinUrl(
          serviceUrl(),
          fillPath('/loan-application/{applicationID}/events', { applicationID }),
        );
        const response = await fetch(url, {
          mode: 'cors',
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (!response.ok || !response.body) throw new Error(`event stream refused: ${response.status}`);
        for await (const event of parseEventStream(response.body)) {
          if (event.name === 'ready') {
            attempt = 0;
            setLive(true);
            // Whatever happened while the stream was down is fetched once now.
            void refresh();
          } else if (event.name === 'changed' || event.name === 'resync') void refresh();
        }
      } catch {
        // Refused, dropped or offline: polling takes over until the stream is back.
      }
      setLive(false);
      if (controller.signal.aborted) return;
      const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)];
      attempt += 1;
      retry = setTimeout(() => void connect(), delay);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
      setLive(false);
    };
  }, [applicationID, options.enabled, token, queryClient]);

  return { live };
}
