import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { boardingPassPath } from '../../../../../sync/booking-page';
import type { Booking } from '../../../../../sync/schemas/booking';
import { useOutbox } from '../../../local/hooks';
import { CheckInButton } from '../bookings/check-in-button';
import { airlineCancelled, cancelLabel, checkInAvailability } from '../../../components/booking/booking-rules';
import { CancelBookingDialog } from '../../../components/booking/cancel-booking-dialog';
import { cancelsByBooking } from '../../../local/outbox-rows';
import { CancelControl } from '../bookings/cancel-control';
import { ReceiptUpload, useLatestReceipt } from '../../../components/receipts/receipt-upload';
import type { ManagedPayment, NextAction } from './next-actions';
import { PayNowButton } from './pay-now-button';

type BookingActionsProps = { booking: Booking; payment: ManagedPayment | undefined; actions: NextAction[]; now: number };

function ReceiptAction({ paymentId, again }: { paymentId: string; again: boolean }) {
  const latest = useLatestReceipt(paymentId);
  return <ReceiptUpload paymentId={paymentId} latest={latest} title={again ? 'Upload a new receipt' : 'Upload receipt'} />;
}

/** The next steps the booking allows now: pay, upload or replace a receipt, check in, cancel. */
export function BookingActions({ booking, payment, actions, now }: BookingActionsProps) {
  const titleId = useId();
  const [cancelling, setCancelling] = useState(false);
  const queued = cancelsByBooking(useOutbox()).get(booking._id);
  const checkIn = checkInAvailability(booking, now);
  const airline = airlineCancelled(booking);
  const waitingCheckIn = booking.status === 'confirmed' && !booking.checkedInAt && !checkIn.available && !airline;
  const boarding = booking.status === 'confirmed' && booking.boardingPasses.length > 0;
  return (
    <section className="card manage-actions" aria-labelledby={titleId}>
      <h2 id={titleId}>What you can do</h2>
      {payment && actions.includes('pay') ? (
        <div className="booking-card-actions">
          <PayNowButton paymentId={payment._id} />
          {actions.includes('upload') ? <span className="muted">Pay now shows where to send the money. Paid already? Upload your receipt below.</span> : null}
        </div>
      ) : null}
      {payment && (actions.includes('upload') || actions.includes('reupload')) ? (
        <ReceiptAction paymentId={payment._id} again={actions.includes('reupload')} />
      ) : null}
      {airline && actions.includes('cancel') && !queued ? (
        <p>The airline cancelled your flight. Cancel this booking to get back everything you paid, with no cancellation penalty.</p>
      ) : null}
      <div className="booking-card-actions manage-more">
        {boarding ? (
          <Link className="button" to={boardingPassPath(booking._id)}>
            Boarding passes
          </Link>
        ) : null}
        {actions.includes('checkIn') ? <CheckInButton booking={booking} now={now} /> : null}
        <CancelControl queued={queued} available={actions.includes('cancel')} onCancel={() => setCancelling(true)} label={cancelLabel(booking)} />
      </div>
      {waitingCheckIn ? <p className="muted">{checkIn.reason}</p> : null}
      {actions.length === 0 && !queued && !boarding ? <p className="muted">Nothing is left to do for this booking.</p> : null}
      {cancelling ? <CancelBookingDialog booking={booking} onClose={() => setCancelling(false)} /> : null}
    </section>
  );
}
