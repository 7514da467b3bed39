import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** A 4xx answer will not change on a retry; a network failure or a 5xx may. */
function shouldRetry(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
