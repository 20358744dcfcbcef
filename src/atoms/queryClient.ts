/**
 * The one TanStack Query client (SPEC.md section 9 "Query cache", section 8): data
 * fresh for 300 000 ms, kept 600 000 ms, no refetch on window focus, queries retried up
 * to 2 times but never after a 401 or 403. It is given both to `QueryClientProvider` and
 * to jotai-tanstack-query's `queryClientAtom`, so atoms and hooks share one cache.
 */
import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../api/client';

/** SPEC.md section 9, ms. */
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_GC_TIME_MS = 600_000;
export const QUERY_MAX_RETRIES = 2;

/** Retry rule: up to 2 retries, none for 401/403 (the client already refreshed once). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status === 401 || status === 403) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

/** Builds a client with the spec's defaults; tests make their own fresh one. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient: QueryClient = createQueryClient();
