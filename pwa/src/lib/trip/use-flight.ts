import { useQuery } from '@tanstack/react-query';
import type { Flight } from '../../../../sync/schemas/flight';
import { api } from '../api';
import { hasCode } from '../api-error';

/**
 * One flight by id, fresh from the server (availability changes); off when there is no id. While the
 * server is out of reach it is asked again every 5 s (offline, react-query waits for the connection).
 */
export function useFlight(id: string | null) {
  return useQuery({
    queryKey: ['flight', id],
    queryFn: ({ signal }) => api<Flight>(`/flights/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
    refetchInterval: (query) => (hasCode(query.state.error, 'network') ? 5_000 : false),
  });
}
