import type { Booking } from '../../../../sync/schemas/booking';
import { bookedLegs } from '../payment/booked-leg';
import { travellerStatus } from '../payment/confirm-view';
import { ManageLink } from './manage-link';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The tracked booking: status, flights, travellers, payment status and seats. */
export function TrackingResult({ booking, fromDevice }: { booking: Booking; fromDevice: boolean }) {
  const status = capitalise(booking.status);
  const legs = bookedLegs(booking);
  const legOf = (flightId: string) => (booking.returnFlightId?._id === flightId ? 'Returning' : 'Departing');
  return (
    <article className="tracking-result" aria-label={`Booking ${booking.bookingId}`}>
      {fromDevice && <p className="notice notice-warning">You are offline: this is the copy saved on this device.</p>}
      <h2 className={`tracking-status tracking-${booking.status}`}>
        {booking.status === 'confirmed' && (
          <span className="tracking-icon" role="img" aria-label="Success">
            ✓
          </span>
        )}
        Status: {status}
      </h2>
      <p>
        Booking reference <strong>{booking.bookingId}</strong> · Payment status <strong>{travellerStatus(booking.paymentStatus)}</strong>
      </p>
      <h3>Flight</h3>
      <ul className="tracking-legs">
        {legs.map((leg) => (
          <li key={leg.label} className="tracking-leg" aria-label={`${leg.label} flight ${leg.flightNumber}`}>
            <p className="tracking-leg-title">
              {leg.label} · {leg.flightNumber}
            </p>
            <dl>
              <dt>From</dt>
              <dd>{leg.from}</dd>
              <dt>To</dt>
              <dd>{leg.to}</dd>
              <dt>Departs</dt>
              <dd>{leg.departs}</dd>
              <dt>Arrives</dt>
              <dd>{leg.arrives}</dd>
              <dt>Class</dt>
              <dd>{booking.class}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <h3>Travellers</h3>
      <ul>
        {booking.travellers.map((t) => (
          <li key={t._id}>
            {t.title} {t.firstName} {t.lastName}
          </li>
        ))}
      </ul>
      <h3>Seats</h3>
      <ul>
        {booking.seatId.map((seat) => (
          <li key={`${seat.flightId}-${seat.seatNumber}`}>
            {seat.seatNumber} · {seat.class} · {legOf(seat.flightId)}
          </li>
        ))}
      </ul>
      <ManageLink booking={booking} />
    </article>
  );
}
