import { SEAT_ROWS, SEATS_PER_FLIGHT, SEATS_PER_ROW } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { computeFare } from '../../../../sync/fare';
import { dollarsToCents, formatMoney } from '../../../../sync/money';
import { dayOffset, minutesBetween } from '../../../../sync/time';
import { formatDuration, formatFlightTime, formatLongDate, formatZoneOffset } from '../../lib/format';

export type FlightEnd = {
  time: string;
  code: string;
  city: string;
  airport: string;
  longDate: string;
  zone: string;
};

export type FlightView = {
  departure: FlightEnd;
  arrival: FlightEnd & { dayOffset: string };
  duration: string;
  /** The chosen class's fare per traveller; null until the class's ratio is known. */
  price: string | null;
  /** The fare for all travellers, when there is more than one. */
  total: string | null;
  seatsLeft: string;
  bookable: boolean;
  flightNumber: string;
  aircraft: string;
  status: string;
};

function end(iso: string, airport: Flight['origin']): FlightEnd {
  return {
    time: formatFlightTime(iso, airport.timeZone),
    code: airport.code,
    city: airport.city,
    airport: airport.name,
    longDate: formatLongDate(iso, airport.timeZone),
    zone: `${airport.timeZone} (${formatZoneOffset(iso, airport.timeZone)})`,
  };
}

const bookableStatuses = new Set<Flight['status']>(['scheduled', 'delayed']);

/** What a flight card shows; times are local at each airport, the duration comes from the instants. */
export function flightView(flight: Flight, travelers: number, now: Date, ratio: number | undefined): FlightView {
  const seats = flight.availableSeats;
  const fare = ratio === undefined ? null : computeFare([{ priceCents: dollarsToCents(flight.price) }], travelers, ratio);
  return {
    departure: end(flight.departureTime, flight.origin),
    arrival: {
      ...end(flight.arrivalTime, flight.destination),
      dayOffset: dayOffset(flight.departureTime, flight.origin.timeZone, flight.arrivalTime, flight.destination.timeZone),
    },
    duration: formatDuration(minutesBetween(flight.departureTime, flight.arrivalTime)),
    price: fare && formatMoney(fare.baseFareCents),
    total: fare && travelers > 1 ? formatMoney(fare.totalCents) : null,
    seatsLeft: seats > 0 ? `Only ${seats} Seats Left` : 'Sold out',
    bookable: seats >= travelers && bookableStatuses.has(flight.status) && Date.parse(flight.departureTime) > now.getTime(),
    flightNumber: flight.flightNumber,
    aircraft: `${SEATS_PER_FLIGHT} seats in ${SEAT_ROWS.length} rows of ${SEATS_PER_ROW}`,
    status: flight.status,
  };
}
