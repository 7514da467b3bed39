import type { ReactNode } from 'react';
import { refundSentence } from '../../../../sync/refund';
import type { Booking } from '../../../../sync/schemas/booking';
import { Modal } from '../ui/modal';
import { formatBookingDate, formatPrice } from '../../lib/format';
import { WaitingReceipt } from '../receipts/receipt-upload';
import { PrivateImage } from '../ui/private-image';
import { refundOfCancelled } from './booking-rules';
import { bookingTone, paymentLabel, paymentTone } from '../ui/status';
import { StatusBadge } from '../ui/status-badge';
import { LegFacts } from './leg-facts';
import { TravellerFacts } from './traveller-facts';
import { useBookingPayment } from '../../local/hooks';

type BookingDetailsProps = {
  booking: Booking;
  audience: 'traveller' | 'admin';
  onClose: () => void;
  title?: string;
  /** Shown first, for example the payment an admin is reviewing. */
  children?: ReactNode;
  /** False when `children` already show the receipt (next to the payment it proves). */
  withReceipt?: boolean;
};

/** Everything the spec lists about a booking, with its receipt and each traveller. */
export function BookingDetails({ booking, audience, onClose, title, children, withReceipt = true }: BookingDetailsProps) {
  const payment = useBookingPayment(booking._id);
  const seats = booking.seatId.map((seat) => `${seat.seatNumber} (${seat.class})`).join(', ');
  return (
    <Modal open title={title ?? `Booking ${booking.bookingId}`} size="large" onClose={onClose}>
      {children}
      <dl className="detail-list">
        <dt>Booking ID</dt>
        <dd>{booking.bookingId}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge label={booking.status} tone={bookingTone(booking.status)} />
        </dd>
        <dt>Payment status</dt>
        <dd>
          <StatusBadge label={paymentLabel(booking.paymentStatus, audience)} tone={paymentTone(booking.paymentStatus)} />
        </dd>
        <dt>Class</dt>
        <dd>{booking.class}</dd>
        <dt>Created at</dt>
        <dd>{formatBookingDate(booking.createdAt)}</dd>
        <dt>Seats</dt>
        <dd>{seats}</dd>
        <dt>Total</dt>
        <dd>{formatPrice(booking.totalAmount)}</dd>
        {booking.cancelReason ? (
          <>
            <dt>Cancelled because</dt>
            <dd>{booking.cancelReason}</dd>
          </>
        ) : null}
        {booking.refundDue !== null ? (
          <>
            <dt>{booking.refundPaidAt ? 'Refund paid' : 'Refund due'}</dt>
            <dd>
              {formatPrice(booking.refundDue)}
              {booking.refundPaidAt ? ` on ${formatBookingDate(booking.refundPaidAt)}` : null}
            </dd>
          </>
        ) : booking.status === 'cancelled' ? (
          <>
            <dt>Refund</dt>
            <dd>{refundSentence(refundOfCancelled(booking, payment))}</dd>
          </>
        ) : null}
        {booking.checkedInAt ? (
          <>
            <dt>Checked in</dt>
            <dd>{formatBookingDate(booking.checkedInAt)}</dd>
          </>
        ) : null}
      </dl>
      <LegFacts leg={booking.flightId} title={booking.returnFlightId ? 'Outbound flight' : 'Flight'} />
      {booking.returnFlightId ? <LegFacts leg={booking.returnFlightId} title="Return flight" /> : null}
      {withReceipt && payment?.image ? (
        <>
          <h3>Payment receipt</h3>
          <PrivateImage url={payment.image} alt="Payment receipt" className="receipt-image" />
        </>
      ) : null}
      {audience === 'traveller' && payment ? <WaitingReceipt paymentId={payment._id} title="Your receipt is waiting to be sent" /> : null}
      <h3>Travellers</h3>
      {booking.travellers.map((traveller, index) => (
        <TravellerFacts key={traveller._id} traveller={traveller} index={index} />
      ))}
    </Modal>
  );
}
