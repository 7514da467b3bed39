import type { Booking } from '../../../../sync/schemas/booking';
import { minutesBetween } from '../../../../sync/time';
import { formatBookingDate, formatDuration } from '../../lib/format';
import { flightTone } from '../ui/status';
import { StatusBadge } from '../ui/status-badge';

type Leg = Booking['flightId'];

const place = (p: Leg['origin']) => `${p.city} (${p.code})`;

/**
 * One flight of a booking, departure and arrival in the airports' own local times, each saying so, and the flight's
 * time from the instants: across the date line an arrival may read earlier than the departure.
 */
export function LegFacts({ leg, title }: { leg: Leg; title: string }) {
  return (
    <>
      <h3>{title}</h3>
      <dl className="detail-list">
        <dt>Flight number</dt>
        <dd>{leg.flightNumber}</dd>
        <dt>Origin</dt>
        <dd>{place(leg.origin)}</dd>
        <dt>Destination</dt>
        <dd>{place(leg.destination)}</dd>
        <dt>Departure</dt>
        <dd>
          {formatBookingDate(leg.departureTime, leg.origin.timeZone)} <span className="muted">local time in {leg.origin.city}</span>
        </dd>
        <dt>Arrival</dt>
        <dd>
          {formatBookingDate(leg.arrivalTime, leg.destination.timeZone)} <span className="muted">local time in {leg.destination.city}</span>
        </dd>
        <dt>Flight time</dt>
        <dd>{formatDuration(minutesBetween(leg.departureTime, leg.arrivalTime))}</dd>
        <dt>Flight status</dt>
        <dd>
          <StatusBadge label={leg.status} tone={flightTone(leg.status)} />
        </dd>
      </dl>
    </>
  );
}
