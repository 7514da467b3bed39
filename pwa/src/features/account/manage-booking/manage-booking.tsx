import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useBookingPayment, useOwnBooking } from '../../../local/hooks';
import { WaitingReceipt } from '../../../components/receipts/receipt-upload';
import type { Booking } from '../../../../../sync/schemas/booking';
import { FlightNotices } from '../../../components/booking/flight-notice';
import { BookingActions } from './booking-actions';
import { BookingNotFound } from './booking-not-found';
import { BookingStatusPanel } from './booking-status-panel';
import { BookingTrip } from './booking-trip';
import { bookingState, nextActions } from './next-actions';
import '../../../styles/booking.css';
import './manage-booking.css';

function Managed({ booking }: { booking: Booking }) {
  const payment = useBookingPayment(booking._id);
  const now = Date.now();
  const actions = nextActions(booking, payment, now);
  // The upload section shows a receipt waiting on the device itself; otherwise it is shown on its own.
  const uploading = actions.includes('upload') || actions.includes('reupload');
  const route = [
    booking.flightId.origin.city,
    booking.flightId.destination.city,
    ...(booking.returnFlightId ? [booking.returnFlightId.destination.city] : []),
  ].join(' → ');
  return (
    <section className="page manage-booking">
      <div className="page-head">
        <h1>Booking {booking.bookingId}</h1>
        <p className="muted">{route}</p>
      </div>
      <FlightNotices booking={booking} />
      <BookingStatusPanel booking={booking} payment={payment} state={bookingState(booking, payment, now)} />
      <BookingActions booking={booking} payment={payment} actions={actions} now={now} />
      {payment && !uploading ? <WaitingReceipt paymentId={payment._id} title="Your receipt is waiting to be sent" /> : null}
      <BookingTrip booking={booking} />
      <Link to="/dashboard/bookings">Back to My Bookings</Link>
    </section>
  );
}

/**
 * One booking of the signed-in traveller, from the device (so it opens offline once synced): where it
 * stands, the payment deadline in the traveller's time and what can be done next.
 */
export function ManageBooking({ bookingId, userId }: { bookingId: string; userId: string }) {
  const booking = useOwnBooking(bookingId, userId);
  if (booking === undefined) return <PageSpinner label="Loading your booking…" />;
  if (booking === null) return <BookingNotFound />;
  return <Managed booking={booking} />;
}
