import { useId } from 'react';
import { Link } from 'react-router-dom';
import { boardingPassPath, bookingPagePath } from '../../../../../sync/booking-page';
import type { OutboxRow } from '../../../../../sync/client/types';
import type { Booking } from '../../../../../sync/schemas/booking';
import { formatBookingDate } from '../../../lib/format';
import { cancelAvailability, cancelLabel } from '../../../components/booking/booking-rules';
import { FlightNotices } from '../../../components/booking/flight-notice';
import { CancelControl } from './cancel-control';
import { bookingTone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { bookingState, nextActions } from '../manage-booking/next-actions';
import { PayNowButton } from '../manage-booking/pay-now-button';
import { travellerTime } from '../manage-booking/traveller-time';
import { useBookingPayment } from '../../../local/hooks';
import { CheckInButton } from './check-in-button';

type BookingCardProps = {
  booking: Booking;
  now: number;
  /** A cancellation in the outbox, not yet confirmed by the server. */
  queued: OutboxRow | undefined;
  onManage: () => void;
  onCancel: () => void;
};

export function BookingCard({ booking, now, queued, onManage, onCancel }: BookingCardProps) {
  const titleId = useId();
  const leg = booking.flightId;
  const payment = useBookingPayment(booking._id);
  const state = bookingState(booking, payment, now);
  const actions = nextActions(booking, payment, now);
  const checkedIn = booking.status === 'confirmed' && booking.checkedInAt !== null && booking.boardingPasses.length > 0;
  const cancellable = cancelAvailability(booking, now).available;
  return (
    <article className="card booking-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {leg.origin.city} to {leg.destination.city}
      </h2>
      <dl className="booking-card-facts">
        <div>
          <dt>Booking ID</dt>
          <dd>{booking.bookingId}</dd>
        </div>
        <div>
          <dt>Class</dt>
          <dd>{booking.class}</dd>
        </div>
        <div>
          <dt>Departure</dt>
          <dd>{formatBookingDate(leg.departureTime, leg.origin.timeZone)}</dd>
        </div>
        <div>
          <dt>Arrival</dt>
          <dd>{formatBookingDate(leg.arrivalTime, leg.destination.timeZone)}</dd>
        </div>
        <div>
          <dt>Booked by</dt>
          <dd>{booking.userId.fullName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge label={booking.status} tone={bookingTone(booking.status)} />
          </dd>
        </div>
        {state.payBy ? (
          <div>
            <dt>Pay by</dt>
            <dd>{travellerTime(state.payBy)}</dd>
          </div>
        ) : null}
      </dl>
      <FlightNotices booking={booking} />
      {state.reason && booking.status === 'pending' ? <p className="form-error">Payment not accepted: {state.reason}</p> : null}
      {checkedIn && cancellable && !queued ? (
        <p className="muted">You are checked in: cancelling now cancels your boarding pass and gives up your seat. The refund is shown before you confirm.</p>
      ) : null}
      {/* One action per intent: the details (Manage Booking), the boarding pass once checked in, what is left to do. */}
      <div className="booking-card-actions">
        {checkedIn ? (
          <Link className="button" to={boardingPassPath(booking._id)}>
            Boarding pass
          </Link>
        ) : null}
        <button type="button" className={checkedIn ? 'button button-secondary' : 'button'} onClick={onManage}>
          Manage Booking
        </button>
        {actions.includes('reupload') ? (
          <Link className="button button-secondary" to={bookingPagePath(booking._id)}>
            Upload a new receipt
          </Link>
        ) : null}
        {payment && actions.includes('pay') ? <PayNowButton paymentId={payment._id} /> : null}
        {booking.status === 'confirmed' && !checkedIn ? <CheckInButton booking={booking} now={now} /> : null}
        <CancelControl queued={queued} available={cancellable} onCancel={onCancel} label={cancelLabel(booking)} />
      </div>
    </article>
  );
}
