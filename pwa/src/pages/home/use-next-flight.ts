import { useQuery } from '@tanstack/react-query';
import type { Flight } from '../../../../sync/schemas/flight';
import { addCalendarDays } from '../../../../sync/time';
import { api } from '../../lib/api';
import { localToday } from '../../lib/trip/local-today';

const WEEK = 7;

/** The next flight still to leave for an airport within the coming week, from any origin; null when there is none. */
export function useNextFlight(code: string): Flight | null | undefined {
  const query = useQuery({
    queryKey: ['next-flight', code],
    queryFn: async ({ signal }) => {
      const today = localToday();
      const path = `/flights?destination=${code}&from=${today}&to=${addCalendarDays(today, WEEK)}&limit=20`;
      const flights = await api<Flight[]>(path, { signal });
      const now = Date.now();
      return flights.find((f) => Date.parse(f.departureTime) > now && (f.status === 'scheduled' || f.status === 'delayed')) ?? null;
    },
    staleTime: 5 * 60_000,
  });
  return query.data;
}
