import type { LegView } from '../../lib/trip/leg-view';

/** Origin-destination, date, stops and duration of the outbound flight. */
export function BookingHeader({ leg, roundTrip }: { leg: LegView; roundTrip: boolean }) {
  return (
    <header className="booking-header">
      <h1>{leg.route}</h1>
      <p className="booking-header-meta">
        <span>{leg.date}</span>
        <span>Nonstop</span>
        <span>{leg.duration}</span>
        <span>{roundTrip ? 'Round Trip' : 'One Way'}</span>
      </p>
    </header>
  );
}
