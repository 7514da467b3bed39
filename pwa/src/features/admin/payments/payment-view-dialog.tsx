import type { SyncPayment } from '../../../../../sync/protocol';
import { Modal } from '../../../components/ui/modal';
import { useBookingOrNone } from '../../../local/hooks';
import { BookingDetails } from '../../../components/booking/booking-details';
import { PaymentFacts } from './payment-facts';

/** The payment and its receipt first (what the reviewer decides on), then its booking, from the device. */
export function PaymentViewDialog({ payment, onClose }: { payment: SyncPayment; onClose: () => void }) {
  const booking = useBookingOrNone(payment.bookingId);
  const title = `Payment ${payment.transactionId}`;
  // NOTE: nothing until the device has answered, so the receipt is not drawn twice (once alone, then in the booking's details).
  if (booking === undefined) return null;
  if (booking === null) {
    return (
      <Modal open title={title} size="large" onClose={onClose}>
        <PaymentFacts payment={payment} />
      </Modal>
    );
  }
  return (
    <BookingDetails booking={booking} audience="admin" title={title} onClose={onClose} withReceipt={false}>
      <PaymentFacts payment={payment} />
      <h3>Booking</h3>
    </BookingDetails>
  );
}
