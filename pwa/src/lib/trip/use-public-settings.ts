import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../sync/schemas/settings';
import { useSyncedSettings } from '../../local/hooks';
import { api } from '../api';
import { takePageSettings } from '../page-data';

/** The payment, contact and fare settings: sent in the page, fresh from the server, or the device's synced copy when offline. */
export function usePublicSettings() {
  const synced = useSyncedSettings();
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api<PublicSettings>('/settings', { signal }),
    initialData: takePageSettings,
    staleTime: 5 * 60_000,
  });
  return { settings: query.data ?? synced, isPending: query.isPending && !synced, error: synced ? null : query.error };
}
