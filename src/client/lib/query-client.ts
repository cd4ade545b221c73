import { QueryClient } from '@tanstack/react-query';

/**
 * Cached data never goes stale and is never refetched behind the user's back;
 * mutations invalidate exactly what they change (spec §7). No retries: a
 * failed call is shown at once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
