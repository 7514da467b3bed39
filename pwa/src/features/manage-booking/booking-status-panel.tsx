import { useId } from 'react';
import type { Booking } from '../../../../sync/schemas/booking';
import { formatPrice } from '../../lib/format';
import { StatusBadge } from '../dashboard/status-badge';
import type { BookingState, ManagedPayment } from './next-actions';
import { travellerTime } from './traveller-time';

type BookingStatusPanelProps = { booking: Booking; payment: ManagedPayment | undefined; state: BookingState };

/** Where the booking stands: its status and why, the payment deadline in the traveller's time, the refund. */
export function BookingStatusPanel({ booking, payment, state }: BookingStatusPanelProps) {
  const titleId = useId();
  return (
    <section className="card manage-status" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Status <StatusBadge label={state.label} tone={state.tone} />
      </h2>
      {state.reason ? (
        <p className={`notice ${state.label === 'Cancelled' ? 'notice-warning' : 'notice-error'}`}>
          {state.label === 'Cancelled' ? 'Cancelled because' : 'Your payment was not accepted'}: {state.reason}
        </p>
      ) : null}
      <dl className="detail-list">
        {state.payBy ? (
          <>
            <dt>Pay by</dt>
            <dd>{travellerTime(state.payBy)}</dd>
          </>
        ) : null}
        {state.label === 'Awaiting review' && payment?.awaitingReviewAt ? (
          <>
            <dt>Sent for review</dt>
            <dd>{travellerTime(payment.awaitingReviewAt)}</dd>
            {payment.reviewDeadlineAt ? (
              <>
                <dt>Decision by</dt>
                <dd>{travellerTime(payment.reviewDeadlineAt)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatPrice(booking.totalAmount)}</dd>
        {booking.refundDue !== null ? (
          <>
            <dt>{booking.refundPaidAt ? 'Refund paid' : 'Refund due'}</dt>
            <dd>
              {formatPrice(booking.refundDue)}
              {booking.refundPaidAt ? ` on ${travellerTime(booking.refundPaidAt)}` : null}
            </dd>
          </>
        ) : null}
        {booking.checkedInAt ? (
          <>
            <dt>Checked in</dt>
            <dd>{travellerTime(booking.checkedInAt)}</dd>
          </>
        ) : null}
      </dl>
      {state.label === 'Awaiting review' ? (
        <p>We have your payment details and are checking them; you will get an e-mail when we decide. Without a decision by then, the booking is cancelled.</p>
      ) : null}
    </section>
  );
}
