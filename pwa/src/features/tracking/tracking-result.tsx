import type { Booking } from '../../../../sync/schemas/booking';
import { bookedLegs } from '../payment/booked-leg';
import { travellerStatus } from '../payment/confirm-view';

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
      <table className="tracking-table">
        <thead>
          <tr>
            <th scope="col">Leg</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Flight</th>
            <th scope="col">Departs</th>
            <th scope="col">Arrives</th>
            <th scope="col">Class</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((leg) => (
            <tr key={leg.label}>
              <td>{leg.label}</td>
              <td>{leg.from}</td>
              <td>{leg.to}</td>
              <td>{leg.flightNumber}</td>
              <td>{leg.departs}</td>
              <td>{leg.arrives}</td>
              <td>{booking.class}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
    </article>
  );
}
