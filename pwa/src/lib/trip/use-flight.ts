import { useQuery } from '@tanstack/react-query';
import type { Flight } from '../../../../sync/schemas/flight';
import { api } from '../api';

/** One flight by id, fresh from the server (availability changes); off when there is no id. */
export function useFlight(id: string | null) {
  return useQuery({
    queryKey: ['flight', id],
    queryFn: ({ signal }) => api<Flight>(`/flights/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}
