import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Overview } from './overview-types';

/** Today's figures in the admin's own time zone, refreshed every minute while the page is open. */
export function useOverview() {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return useQuery({
    queryKey: ['admin-overview', timeZone],
    queryFn: ({ signal }) => api<Overview>(`/admin/overview?tz=${encodeURIComponent(timeZone)}`, { signal }),
    refetchInterval: 60_000,
  });
}
