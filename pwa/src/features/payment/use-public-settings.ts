import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../sync/schemas/settings';
import { useSyncedSettings } from '../../local/hooks';
import { api } from '../../lib/api';

/** The payment and contact settings: fresh from the server, or the device's synced copy when offline. */
export function usePublicSettings() {
  const synced = useSyncedSettings();
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api<PublicSettings>('/settings', { signal }),
    staleTime: 5 * 60_000,
  });
  return { settings: query.data ?? synced, isPending: query.isPending && !synced, error: synced ? null : query.error };
}
