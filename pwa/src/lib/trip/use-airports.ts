import { useQuery } from '@tanstack/react-query';
import type { Airport } from '../../../../sync/schemas/airport';
import { api } from '../api';
import { takePageAirports } from '../page-data';

export function useAirports() {
  return useQuery({
    queryKey: ['airports'],
    queryFn: ({ signal }) => api<Airport[]>('/airports', { signal }),
    initialData: takePageAirports,
    staleTime: 10 * 60_000,
  });
}
