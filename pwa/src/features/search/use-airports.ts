import { useQuery } from '@tanstack/react-query';
import type { Airport } from '../../../../sync/schemas/airport';
import { api } from '../../lib/api';

export function useAirports() {
  return useQuery({
    queryKey: ['airports'],
    queryFn: ({ signal }) => api<Airport[]>('/airports', { signal }),
    staleTime: 10 * 60_000,
  });
}
