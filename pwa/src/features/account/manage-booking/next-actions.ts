import type { SyncPayment } from '../../../../../sync/protocol';
import type { Booking } from '../../../../../sync/schemas/booking';
import { cancelAvailability, checkInAvailability } from '../../../components/booking/booking-rules';
import type { Tone } from '../../../components/ui/status';

/** What the page needs of the booking's payment; the synced row has it. */
export type ManagedPayment = Pick<SyncPayment, '_id' | 'status' | 'reason' | 'awaitingReviewAt' | 'reviewDeadlineAt' | 'deadlineAt' | 'paymentMethod'>;

export type BookingState = {
  label: 'Pending payment' | 'Payment not accepted' | 'Awaiting review' | 'Confirmed' | 'Checked in' | 'Cancelled' | 'Completed';
  tone: Tone;
  /** Why: the cancellation reason, or the reason the payment was not accepted. */
  reason: string | null;
  /** The payment deadline while the traveller still has to pay. */
  payBy: string | null;
};

/**
 * pay: open the payment (its link page); upload: a first receipt; reupload: a new receipt after a
 * rejection; checkIn: the window is open; cancel: before departure, with the refund that applies.
 */
export type NextAction = 'pay' | 'upload' | 'reupload' | 'checkIn' | 'cancel';

function payable(booking: Booking, payment: ManagedPayment | undefined, now: number): payment is ManagedPayment {
  return booking.status === 'pending' && payment !== undefined && payment.status !== 'successful' && Date.parse(payment.deadlineAt) > now;
}

const awaitingReview = (payment: ManagedPayment) => payment.status === 'pending' && payment.awaitingReviewAt !== null;

export function bookingState(booking: Booking, payment: ManagedPayment | undefined, now: number): BookingState {
  const none = { reason: null, payBy: null };
  if (booking.status === 'cancelled') return { ...none, label: 'Cancelled', tone: 'danger', reason: booking.cancelReason };
  if (booking.status === 'completed') return { ...none, label: 'Completed', tone: 'muted' };
  if (booking.status === 'confirmed')
    return booking.checkedInAt ? { ...none, label: 'Checked in', tone: 'success' } : { ...none, label: 'Confirmed', tone: 'success' };
  const payBy = payable(booking, payment, now) ? payment.deadlineAt : null;
  if (payment?.status === 'failed') return { label: 'Payment not accepted', tone: 'danger', reason: payment.reason, payBy };
  if (payment && awaitingReview(payment)) return { ...none, label: 'Awaiting review', tone: 'info' };
  return { ...none, label: 'Pending payment', tone: 'pending', payBy };
}

/** The actions the booking's page offers now, most pressing first. */
export function nextActions(booking: Booking, payment: ManagedPayment | undefined, now: number): NextAction[] {
  const actions: NextAction[] = [];
  if (payable(booking, payment, now) && !awaitingReview(payment)) {
    const bank = payment.paymentMethod === 'bank_transfer';
    if (payment.status === 'failed') actions.push(bank ? 'reupload' : 'pay');
    else actions.push(...(bank ? (['pay', 'upload'] as const) : (['pay'] as const)));
  }
  if (checkInAvailability(booking, now).available) actions.push('checkIn');
  if (cancelAvailability(booking, now).available) actions.push('cancel');
  return actions;
}
