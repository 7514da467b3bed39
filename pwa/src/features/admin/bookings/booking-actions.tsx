import type { OutboxRow } from '../../../../../sync/client/types';
import type { Booking } from '../../../../../sync/schemas/booking';
import { cancelAvailability } from '../../../components/booking/booking-rules';
import { CancelIcon, ViewIcon } from '../../../components/ui/icons';
import { useOutboxNote } from '../../../local/outbox-rows';

type BookingActionsProps = {
  booking: Booking;
  now: number;
  queued: OutboxRow | undefined;
  refund: { paid: boolean; busy: boolean; onMark: () => void };
  onView: () => void;
  onCancel: () => void;
};

/** View, cancel (through the outbox) and, for a cancelled paid booking, mark its refund paid. */
export function BookingActions({ booking, now, queued, refund, onView, onCancel }: BookingActionsProps) {
  const outboxNote = useOutboxNote();
  const sending = queued && queued.state !== 'rejected';
  return (
    <div className="row-actions">
      <button type="button" className="icon-button" aria-label={`View booking ${booking.bookingId}`} onClick={onView}>
        <ViewIcon />
      </button>
      {cancelAvailability(booking, now).available && !sending ? (
        <button type="button" className="icon-button icon-button-danger" aria-label={`Cancel booking ${booking.bookingId}`} onClick={onCancel}>
          <CancelIcon />
        </button>
      ) : null}
      {booking.status === 'cancelled' && booking.refundDue !== null ? (
        refund.paid ? (
          <span className="status-badge status-success">Refund paid</span>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Mark refund paid for booking ${booking.bookingId}`}
            disabled={refund.busy}
            onClick={refund.onMark}
          >
            Mark refund paid
          </button>
        )
      ) : null}
      {queued ? <span className={queued.state === 'rejected' ? 'form-error' : 'muted'}>{outboxNote(queued)}</span> : null}
    </div>
  );
}
