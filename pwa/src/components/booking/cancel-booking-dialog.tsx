import { refundSentence } from '../../../../sync/refund';
import type { Booking } from '../../../../sync/schemas/booking';
import { useToast } from '../ui/use-toast';
import { useBookingPayment, useSyncedSettings } from '../../local/hooks';
import { useSyncRunner } from '../../local/sync-context';
import { formatPrice } from '../../lib/format';
import { ConfirmDialog } from '../dialog/confirm-dialog';
import { airlineCancelled, DEFAULT_PENALTY_PERCENT, refundIfCancelled } from './booking-rules';

type CancelBookingDialogProps = { booking: Booking; onClose: () => void };

/**
 * Asks before cancelling, with the refund that applies first: an amount for a paid booking, a refund
 * only if it arrives for a payment awaiting review, else none. The cancellation goes through the outbox,
 * so it is kept on a bad connection and sent when the server can be reached.
 */
export function CancelBookingDialog({ booking, onClose }: CancelBookingDialogProps) {
  const toast = useToast();
  const settings = useSyncedSettings();
  const { mutate } = useSyncRunner();
  const payment = useBookingPayment(booking._id);
  const penalty = settings && 'cancellationPenaltyPercent' in settings ? settings.cancellationPenaltyPercent : DEFAULT_PENALTY_PERCENT;
  const refund = refundIfCancelled(booking, payment, penalty);
  const route = `${booking.flightId.origin.city} to ${booking.flightId.destination.city}`;

  const confirm = async () => {
    await mutate.cancelBooking({ bookingId: booking._id });
    toast.success(`Cancellation of booking ${booking.bookingId} sent`);
    onClose();
  };

  return (
    <ConfirmDialog open title="Cancel booking?" confirmLabel="Cancel booking" cancelLabel="Keep booking" onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        Booking {booking.bookingId} ({route}) will be cancelled and its seats released.
      </p>
      {booking.checkedInAt && booking.status === 'confirmed' ? <p>You are checked in: your boarding pass will no longer be valid.</p> : null}
      {refund.kind === 'due' ? (
        <p className="refund-due">
          Refund due: <strong>{formatPrice(refund.cents / 100)}</strong> (
          {airlineCancelled(booking)
            ? `everything you paid: the airline cancelled the flight`
            : `the ${formatPrice(booking.totalAmount)} paid, less the ${penalty}% cancellation penalty`}
          ).
        </p>
      ) : (
        <p>{refundSentence(refund)}</p>
      )}
    </ConfirmDialog>
  );
}
