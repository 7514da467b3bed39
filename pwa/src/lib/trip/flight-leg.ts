import type { Flight } from '../../../../sync/schemas/flight';
import { localDate } from '../../../../sync/time';

/** One leg of a search: origin and destination (IATA code or id) and the local departure date at the origin. */
export type FlightLeg = { origin: string; destination: string; date: string };

export const byDeparture = (flights: readonly Flight[]): Flight[] => [...flights].sort((a, b) => a.departureTime.localeCompare(b.departureTime));

const names = (airport: Flight['origin'], wanted: string) => airport.code === wanted.toUpperCase() || airport._id === wanted;

/**
 * The flights that answer a leg's search as GET /api/flights does: the route, and the departure's date
 * by the origin's clock; every status, in departure order. Class, seats and sort are the listing's own.
 */
export function flightsOfLeg(flights: readonly Flight[], leg: FlightLeg): Flight[] {
  return byDeparture(
    flights.filter(
      (flight) =>
        names(flight.origin, leg.origin) && names(flight.destination, leg.destination) && localDate(flight.departureTime, flight.origin.timeZone) === leg.date,
    ),
  );
}
