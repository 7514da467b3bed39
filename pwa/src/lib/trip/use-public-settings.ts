import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../sync/schemas/settings';
import { useLazySyncedSettings } from '../../local/use-lazy-synced-settings';
import { api } from '../api';
import { takePageSettings } from '../page-data';

/** The payment, contact and fare settings: sent in the page, fresh from the server, or the device's synced copy when offline. */
export function usePublicSettings() {
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api<PublicSettings>('/settings', { signal }),
    initialData: takePageSettings,
    staleTime: 5 * 60_000,
  });
  // The device's copy only while the server's is missing: a page that carries them never opens the database.
  const synced = useLazySyncedSettings(query.data === undefined);
  return { settings: query.data ?? synced, isPending: query.isPending && !synced, error: synced ? null : query.error };
}
