import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../sync/schemas/settings';
import type { Watch } from '../../local/synced-reads';
import type { StoredSettings } from '../../local/db';
import { serverMissing, useLazySynced } from '../../local/use-lazy-synced';
import { api } from '../api';
import { takePageSettings } from '../page-data';

const pickSettings = (reads: { watchSyncedSettings: Watch<StoredSettings> }) => reads.watchSyncedSettings;

/** The payment, contact and fare settings: sent in the page, fresh from the server, or the device's synced copy when offline. */
export function usePublicSettings() {
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api<PublicSettings>('/settings', { signal }),
    initialData: takePageSettings,
    staleTime: 5 * 60_000,
  });
  // The device's copy only once the server failed to answer or the browser is offline: a first visit never opens the database.
  const synced = useLazySynced(serverMissing(query), pickSettings);
  return { settings: query.data ?? synced, isPending: query.isPending && !synced, error: synced ? null : query.error };
}
