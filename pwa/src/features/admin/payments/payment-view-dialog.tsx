import type { SyncPayment } from '../../../../../sync/protocol';
import { Modal } from '../../../components/ui/modal';
import { useBooking } from '../../../local/hooks';
import { BookingDetails } from '../../../components/booking/booking-details';
import { PaymentFacts } from './payment-facts';

/** The payment and its receipt first (what the reviewer decides on), then its booking, from the device. */
export function PaymentViewDialog({ payment, onClose }: { payment: SyncPayment; onClose: () => void }) {
  const booking = useBooking(payment.bookingId);
  const title = `Payment ${payment.transactionId}`;
  if (!booking) {
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
