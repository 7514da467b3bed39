import { useQuery } from '@tanstack/react-query';
import type { Airport } from '../../../../sync/schemas/airport';
import type { Watch } from '../../local/synced-reads';
import { serverMissing, useLazySynced } from '../../local/use-lazy-synced';
import { api } from '../api';
import { takePageAirports } from '../page-data';

const pickAirports = (reads: { watchSyncedAirports: Watch<Airport[]> }) => reads.watchSyncedAirports;

/** Every airport: sent in the page, fresh from the server, or the device's synced copy while the server has not answered. */
export function useAirports(): { data: Airport[] | undefined; isPending: boolean } {
  const query = useQuery({
    queryKey: ['airports'],
    queryFn: ({ signal }) => api<Airport[]>('/airports', { signal }),
    initialData: takePageAirports,
    staleTime: 10 * 60_000,
  });
  // The device's copy only once the server failed to answer or the browser is offline: a first visit never opens the database.
  const synced = useLazySynced(serverMissing(query), pickAirports);
  const data = query.data ?? (synced?.length ? synced : undefined);
  return { data, isPending: data === undefined && query.isPending };
}
