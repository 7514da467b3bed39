import { useQuery } from '@tanstack/react-query';
import { FLIGHT_PAGE_MAX } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { apiAllPages } from '../api-page';
import { takePageFlights } from '../page-data';

export type FlightLeg = { origin: string; destination: string; date: string };

const byDeparture = (flights: Flight[]) => [...flights].sort((a, b) => a.departureTime.localeCompare(b.departureTime));

/** Flights of one leg on a local date at the origin; refetched whenever the leg changes. */
export function useFlights(leg: FlightLeg, enabled = true) {
  return useQuery({
    queryKey: ['flights', leg.origin, leg.destination, leg.date],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ origin: leg.origin, destination: leg.destination, departureTime: leg.date });
      const flights = await apiAllPages<Flight>(`/flights?${query.toString()}`, FLIGHT_PAGE_MAX, signal);
      return byDeparture(flights);
    },
    initialData: () => {
      const sent = takePageFlights(leg);
      return sent && byDeparture(sent);
    },
    enabled,
    staleTime: 30_000,
  });
}
