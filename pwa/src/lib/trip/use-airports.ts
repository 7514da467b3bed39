import { useQuery } from '@tanstack/react-query';
import type { Airport } from '../../../../sync/schemas/airport';
import { useSyncedAirports } from '../../local/hooks';
import { api } from '../api';
import { takePageAirports } from '../page-data';

/** Every airport: sent in the page, fresh from the server, or the device's synced copy while the server has not answered. */
export function useAirports(): { data: Airport[] | undefined; isPending: boolean } {
  const synced = useSyncedAirports();
  const query = useQuery({
    queryKey: ['airports'],
    queryFn: ({ signal }) => api<Airport[]>('/airports', { signal }),
    initialData: takePageAirports,
    staleTime: 10 * 60_000,
  });
  const data = query.data ?? (synced?.length ? synced : undefined);
  return { data, isPending: data === undefined && query.isPending };
}
