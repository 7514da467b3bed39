import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../sync/constants';
import type { Booking } from '../../../sync/schemas/booking';
import type { Tx } from '../../db/client';
import { images, payments, users } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { AppError, conflict, invalidField } from '../../errors';
import { recordChange } from '../back-office/audit';
import { cancelBookingTx, confirmBookingTx } from '../booking/booking-status';
import { getBookingRow, toBookingJson } from '../booking/booking-view';
import { reviewHoldExpiry } from '../booking/hold-rules';
import { paymentFor, type PaymentRow } from './payments';
import { holdLapsed, setBookingSeats } from '../booking/seats';
import type { UserRow } from '../identity/users';

const DEADLINE_PASSED = 'payment deadline passed';

/** Accepts '/api/images/{id}' or a bare id. */
function imageIdOf(value: string): string {
  return value.split('/').pop() ?? value;
}

function assertOpen(payment: PaymentRow, bookingStatus: string, nowIso: string): void {
  if (bookingStatus !== 'pending') throw conflict(`This booking is ${bookingStatus}; its payment can no longer change`, 'booking_not_pending');
  if (payment.status === 'successful') throw conflict('This payment is already confirmed', 'payment_already_decided');
  if (payment.deadlineAt <= nowIso) throw conflict('The payment deadline has passed', 'payment_deadline_passed');
}

/**
 * The traveller says the money is sent: by a receipt (bank transfer) or 'I have made payment'
 * (crypto, Cash App). The payment awaits review and the seats stay held until an admin decides, or
 * the review deadline passes (the sweeper then cancels the booking and tells the admin).
 */
export function markAwaitingReview(
  tx: Tx,
  user: UserRow,
  where: { id: string } | { accessKey: string },
  now: Date,
  receipt?: string,
): { payment: PaymentRow; booking: Booking } {
  const nowIso = now.toISOString();
  const payment = paymentFor(tx, user, where);
  const booking = getBookingRow(tx, payment.bookingId);
  assertOpen(payment, booking.status, nowIso);
  let receiptImageId = payment.receiptImageId;
  if (receipt !== undefined) {
    if (payment.method !== 'bank_transfer') throw new AppError(400, 'Receipts are for bank transfers');
    const image = tx
      .select()
      .from(images)
      .where(eq(images.id, imageIdOf(receipt)))
      .get();
    if (!image || image.ownerId !== payment.userId) throw invalidField('No image found', 'image', 'invalid_image');
    receiptImageId = image.id;
  }
  const version = nextVersion(tx);
  tx.update(payments)
    .set({ status: 'pending', reason: null, receiptImageId, awaitingReviewAt: nowIso, updatedAt: nowIso, version })
    .where(eq(payments.id, payment.id))
    .run();
  const reason = receipt === undefined ? 'I have made payment' : payment.status === 'failed' ? 'new receipt' : 'receipt uploaded';
  recordChange(tx, { action: 'payment.claimed', actorId: user.id, entity: 'payment', entityId: payment.id, from: payment.status, to: 'pending', reason }, now);
  setBookingSeats(tx, booking.id, { state: 'held', holdExpiresAt: reviewHoldExpiry(tx, booking, now) });
  const updated = tx.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
  return { payment: updated, booking: toBookingJson(tx, booking, nowIso) };
}

export type Review = { status: 'successful' | 'failed'; reason?: string; expectedStatus?: PaymentStatus };

/**
 * An admin's decision. It applies only to a pending payment (or the status the admin saw, when
 * given); otherwise the first decision stands and this one is refused with who made it.
 */
export function reviewPayment(tx: Tx, admin: UserRow, id: string, review: Review, now: Date): { payment: PaymentRow; booking: Booking } {
  const nowIso = now.toISOString();
  const payment = paymentFor(tx, admin, { id });
  if (payment.status !== 'pending' || (review.expectedStatus && review.expectedStatus !== payment.status)) {
    const by = payment.decidedBy ? tx.select({ name: users.fullName }).from(users).where(eq(users.id, payment.decidedBy)).get()?.name : undefined;
    throw conflict(`Payment was already marked ${payment.status} by ${by ?? 'the system'}`, 'payment_already_decided');
  }
  const booking = getBookingRow(tx, payment.bookingId);
  if (booking.status !== 'pending')
    throw conflict(`Booking ${booking.reference} is ${booking.status}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`, 'booking_not_pending');
  if (review.status === 'successful' && holdLapsed(tx, booking.id, nowIso)) {
    throw conflict(`Booking ${booking.reference} passed its payment deadline; its seats are no longer held`, 'payment_deadline_passed');
  }
  const version = nextVersion(tx);
  const reason = review.status === 'failed' ? (review.reason ?? '') : null;
  tx.update(payments)
    .set({ status: review.status, reason, decidedBy: admin.id, decidedAt: nowIso, updatedAt: nowIso, version })
    .where(eq(payments.id, payment.id))
    .run();
  recordChange(
    tx,
    {
      action: review.status === 'successful' ? 'payment.approved' : 'payment.rejected',
      actorId: admin.id,
      entity: 'payment',
      entityId: payment.id,
      from: payment.status,
      to: review.status,
      reason,
    },
    now,
  );
  const change = { actorId: admin.id, now, version };
  if (review.status === 'successful') confirmBookingTx(tx, booking, { ...change, reason: 'payment confirmed' });
  else if (payment.deadlineAt <= nowIso) cancelBookingTx(tx, booking, { ...change, reason: DEADLINE_PASSED });
  else setBookingSeats(tx, booking.id, { state: 'held', holdExpiresAt: payment.deadlineAt });
  const updated = tx.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
  return { payment: updated, booking: toBookingJson(tx, getBookingRow(tx, booking.id), nowIso) };
}
