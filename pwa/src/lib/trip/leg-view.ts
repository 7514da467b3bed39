import type { Flight } from '../../../../sync/schemas/flight';
import { dayOffset, minutesBetween } from '../../../../sync/time';
import { formatDuration, formatFlightTime, formatLongDate } from '../format';

export type LegView = {
  flightNumber: string;
  route: string;
  date: string;
  departTime: string;
  arriveTime: string;
  /** '+1' when it lands on a later local day, '-1' on an earlier one. */
  dayOffset: string;
  duration: string;
  origin: { code: string; city: string; name: string };
  destination: { code: string; city: string; name: string };
};

const place = (airport: Flight['origin']) => ({ code: airport.code, city: airport.city, name: airport.name });

/** A leg in the airports' local times (product rules §6.2); the duration comes from the instants. */
export function legView(flight: Flight): LegView {
  const { origin, destination, departureTime, arrivalTime } = flight;
  return {
    flightNumber: flight.flightNumber,
    route: `${origin.city} - ${destination.city}`,
    date: formatLongDate(departureTime, origin.timeZone),
    departTime: formatFlightTime(departureTime, origin.timeZone),
    arriveTime: formatFlightTime(arrivalTime, destination.timeZone),
    dayOffset: dayOffset(departureTime, origin.timeZone, arrivalTime, destination.timeZone),
    duration: formatDuration(minutesBetween(departureTime, arrivalTime)),
    origin: place(origin),
    destination: place(destination),
  };
}
