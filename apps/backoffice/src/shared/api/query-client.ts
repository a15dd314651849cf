import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#src/shared/api/http.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Queues change all day long: short-lived cache, refreshed when the broker comes back to the tab.
        staleTime: 15_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
