import type { SyncPayment } from '../../../../../sync/protocol';
import { Modal } from '../../../components/ui/modal';
import { useBooking } from '../../../local/hooks';
import { BookingDetails } from '../../../components/booking/booking-details';
import { PaymentFacts } from './payment-facts';

/** The payment with its booking and receipt image; the booking comes from the device. */
export function PaymentViewDialog({ payment, onClose }: { payment: SyncPayment; onClose: () => void }) {
  const booking = useBooking(payment.bookingId);
  const title = `Payment ${payment.transactionId}`;
  if (!booking) {
    return (
      <Modal open title={title} size="large" onClose={onClose}>
        <PaymentFacts payment={payment} withReceipt />
      </Modal>
    );
  }
  return (
    <BookingDetails booking={booking} audience="admin" title={title} onClose={onClose}>
      <PaymentFacts payment={payment} withReceipt={false} />
      <h3>Booking</h3>
    </BookingDetails>
  );
}
