import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { bookingPagePath } from '../../../../../sync/booking-page';
import type { Booking } from '../../../../../sync/schemas/booking';
import { BookingNotFound } from '../manage-booking/booking-not-found';
import { useOwnBooking } from '../../../local/hooks';
import { BoardingPassCard } from './boarding-pass-card';
import './boarding-pass.css';

function Passes({ booking }: { booking: Booking }) {
  const legs = [booking.flightId, booking.returnFlightId].filter((leg) => leg !== null);
  const valid = booking.status === 'confirmed' && booking.boardingPasses.length > 0;
  return (
    <section className="page boarding-passes">
      <div className="page-head">
        <h1>Boarding passes</h1>
        <p className="muted">Booking {booking.bookingId}. Kept on this device: they open without a connection.</p>
      </div>
      {valid ? (
        <>
          <button type="button" className="button button-secondary no-print" onClick={() => window.print()}>
            Print boarding passes
          </button>
          <p className="muted no-print">At the gate, turn your screen brightness up.</p>
          {legs.flatMap((leg) =>
            booking.boardingPasses
              .filter((pass) => pass.flightId === leg._id)
              .map((pass) => <BoardingPassCard key={pass.code} booking={booking} leg={leg} pass={pass} />),
          )}
        </>
      ) : (
        <p role="status">{booking.status === 'cancelled' ? 'This booking is cancelled.' : 'Boarding passes appear here once you have checked in.'}</p>
      )}
      <Link className="no-print" to={bookingPagePath(booking._id)}>
        Back to the booking
      </Link>
    </section>
  );
}

/** A booking's boarding passes, from the device. */
export function BoardingPasses({ bookingId, userId }: { bookingId: string; userId: string }) {
  const booking = useOwnBooking(bookingId, userId);
  if (booking === undefined) return <PageSpinner label="Loading your boarding passes…" />;
  if (booking === null) return <BookingNotFound />;
  return <Passes booking={booking} />;
}
