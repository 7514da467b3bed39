import { useQuery } from '@tanstack/react-query';
import { LOWEST_FARE_DAYS_MAX } from '../../../../sync/constants';
import type { LowestFare } from '../../../../sync/schemas/lowest-fares';
import { api } from '../../lib/api';
import { takePageLowestFares, type StripLeg } from '../../lib/page-data';

/** The date strip's days around a leg's date: the lowest bookable Economy price of each (the page may carry them). */
export function useLowestFares(leg: StripLeg) {
  return useQuery({
    queryKey: ['lowest-fares', leg.from, leg.to, leg.date, leg.travelers],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ from: leg.from, to: leg.to, date: leg.date, days: String(LOWEST_FARE_DAYS_MAX), travelers: String(leg.travelers) });
      return api<LowestFare[]>(`/flights/lowest-fares?${query.toString()}`, { signal });
    },
    initialData: () => takePageLowestFares(leg),
    staleTime: 30_000,
  });
}
