import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#src/shared/api/http.ts';

/** §9 cache default lifetime: 5 minutes. */
export const defaultStaleTime = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: defaultStaleTime,
        // A 4xx will not change by asking again; network trouble and 5xx get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
