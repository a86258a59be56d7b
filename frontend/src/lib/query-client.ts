import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * A query may name the toast its failure shows through `meta.errorToast`; the cache shows it
 * once per failed fetch, however many components read the query. `meta.serverMessage` shows the
 * server's own message for refusals (4xx) instead.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: string; serverMessage?: boolean; logOnly?: string };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const meta = query.meta;
        if (meta?.logOnly) console.error(meta.logOnly, error);
        if (meta?.errorToast) {
          notify.error(meta.serverMessage ? errorMessage(error, meta.errorToast) : meta.errorToast);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
