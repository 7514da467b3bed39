import { SEATS_PER_FLIGHT } from '../../../sync/constants';
import { centsToDollars } from '../../../sync/money';
import type { Flight, FlightSearchQuery } from '../../../sync/schemas/flight';
import { minutesBetween } from '../../../sync/time';
import type { Queryable } from '../../db/client';
import { selectFlights, selectTakenSeats, type FlightFilter, type FlightWithAirports } from '../../db/flight-queries';
import { notFound } from '../../errors';
import { findAirport, findAirportPair, toAirportJson, type AirportRow } from './airports';

export function toFlightJson({ flight, origin, destination, taken }: FlightWithAirports): Flight {
  return {
    _id: flight.id,
    flightNumber: flight.flightNumber,
    origin: toAirportJson(origin),
    destination: toAirportJson(destination),
    departureTime: flight.departureTime,
    arrivalTime: flight.arrivalTime,
    duration: minutesBetween(flight.departureTime, flight.arrivalTime),
    availableSeats: SEATS_PER_FLIGHT - taken,
    status: flight.status,
    price: centsToDollars(flight.priceCents),
    gate: flight.gate,
    boardingTime: flight.boardingTime,
    createdAt: flight.createdAt,
  };
}

/**
 * A search's filter and the airports it names; null when a named airport does not exist (so nothing
 * matches). `known`: the route's two airports as the caller last read them for the same origin and destination.
 */
export async function searchScope(
  q: Queryable,
  query: FlightSearchQuery,
  known?: readonly [AirportRow, AirportRow],
): Promise<{ filter: FlightFilter; named: AirportRow[] } | null> {
  const filter: FlightFilter = {
    localDate: query.departureTime,
    flightNumber: query.search?.toUpperCase(),
    localDateFrom: query.from,
    localDateTo: query.to,
    status: query.status,
  };
  const { origin, destination } = query;
  // NOTE: a route names both; one read finds the two (a search runs this on every request).
  const found =
    origin && destination
      ? (known ?? (await findAirportPair(q, origin, destination)))
      : [origin ? await findAirport(q, origin) : undefined, destination ? await findAirport(q, destination) : undefined];
  const named: AirportRow[] = [];
  for (const [key, value, airport] of [
    ['originId', origin, found[0]],
    ['destinationId', destination, found[1]],
  ] as const) {
    if (!value) continue;
    if (!airport) return null;
    filter[key] = airport.id;
    named.push(airport);
  }
  return { filter, named };
}

/** A flight as the API shows it, its free seats counted at `now`; 'Flight not found' when there is none. */
export async function getFlight(q: Queryable, id: string, now: Date): Promise<Flight> {
  const row = (await selectFlights(q, { id }, now.toISOString()))[0];
  if (!row) throw notFound('Flight');
  return toFlightJson(row);
}

/** The seats held or sold on a flight at `now`; 'Flight not found' when there is none. */
export async function takenSeats(q: Queryable, id: string, now: Date): Promise<{ seatNumber: string }[]> {
  await getFlight(q, id, now);
  return (await selectTakenSeats(q, id, now.toISOString())).map((seatNumber) => ({ seatNumber }));
}
