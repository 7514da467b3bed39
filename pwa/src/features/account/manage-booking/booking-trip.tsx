import { useId } from 'react';
import type { Booking } from '../../../../../sync/schemas/booking';
import { LegFacts } from '../../../components/booking/leg-facts';
import { AddToCalendar } from './add-to-calendar';

/** The flights in the airports' local times, then who travels and on which seats. */
export function BookingTrip({ booking }: { booking: Booking }) {
  const travellersId = useId();
  const legs = [booking.flightId, booking.returnFlightId].filter((leg) => leg !== null);
  const seatsOn = (flightId: string) =>
    booking.seatId
      .filter((seat) => seat.flightId === flightId)
      .map((seat) => seat.seatNumber)
      .join(', ');
  return (
    <>
      <section className="card manage-legs" aria-label="Flights">
        {legs.map((leg, index) => (
          <LegFacts key={leg._id} leg={leg} title={legs.length > 1 ? (index === 0 ? 'Outbound flight' : 'Return flight') : 'Flight'} />
        ))}
        <p className="muted">Times are local at each airport.</p>
        {booking.status === 'cancelled' || booking.status === 'completed' ? null : <AddToCalendar booking={booking} />}
      </section>
      <section className="card" aria-labelledby={travellersId}>
        <h2 id={travellersId}>Travellers and seats</h2>
        <ul className="manage-travellers">
          {booking.travellers.map((t) => (
            <li key={t._id}>
              {t.title} {t.firstName} {t.lastName}
            </li>
          ))}
        </ul>
        <dl className="detail-list">
          <dt>Class</dt>
          <dd>{booking.class}</dd>
          {legs.map((leg) => (
            <div key={leg._id} className="manage-seat-row">
              <dt>Seats on {leg.flightNumber}</dt>
              <dd>{seatsOn(leg._id)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
