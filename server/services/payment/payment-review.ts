import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../sync/constants';
import type { Booking } from '../../../sync/schemas/booking';
import { first, type Tx } from '../../db/client';
import { images, payments, users } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { AppError, conflict, invalidField } from '../../errors';
import { recordChange } from '../back-office/audit';
import { cancelBookingTx, confirmBookingTx } from '../booking/booking-status';
import { getBookingRow, toBookingJson } from '../booking/booking-view';
import { reviewHoldExpiry } from '../booking/hold-rules';
import { paymentFor, type PaymentRow } from './payments';
import { holdLapsed, setBookingSeats } from '../booking/seats';
import type { UserRow } from '../../actor';

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
export async function markAwaitingReview(
  tx: Tx,
  user: UserRow,
  where: { id: string } | { accessKey: string },
  now: Date,
  receipt?: string,
): Promise<{ payment: PaymentRow; booking: Booking }> {
  const nowIso = now.toISOString();
  const payment = await paymentFor(tx, user, where);
  const booking = await getBookingRow(tx, payment.bookingId);
  assertOpen(payment, booking.status, nowIso);
  let receiptImageId = payment.receiptImageId;
  if (receipt !== undefined) {
    if (payment.method !== 'bank_transfer') throw new AppError(400, 'Receipts are for bank transfers');
    const image = await first(
      tx
        .select()
        .from(images)
        .where(eq(images.id, imageIdOf(receipt))),
    );
    if (!image || image.ownerId !== payment.userId) throw invalidField('No image found', 'image', 'invalid_image');
    receiptImageId = image.id;
  }
  const version = await nextVersion(tx);
  await tx
    .update(payments)
    .set({ status: 'pending', reason: null, receiptImageId, awaitingReviewAt: nowIso, updatedAt: nowIso, version })
    .where(eq(payments.id, payment.id));
  const reason = receipt === undefined ? 'I have made payment' : payment.status === 'failed' ? 'new receipt' : 'receipt uploaded';
  await recordChange(
    tx,
    { action: 'payment.claimed', actorId: user.id, entity: 'payment', entityId: payment.id, from: payment.status, to: 'pending', reason },
    now,
  );
  await setBookingSeats(tx, booking, { state: 'held', holdExpiresAt: await reviewHoldExpiry(tx, booking, now) }, version);
  const updated = (await first(tx.select().from(payments).where(eq(payments.id, payment.id)))) ?? payment;
  return { payment: updated, booking: await toBookingJson(tx, booking, nowIso) };
}

export type Review = { status: 'successful' | 'failed'; reason?: string; expectedStatus?: PaymentStatus };

/**
 * An admin's decision. It applies only to a pending payment (or the status the admin saw, when
 * given); otherwise the first decision stands and this one is refused with who made it.
 */
export async function reviewPayment(tx: Tx, admin: UserRow, id: string, review: Review, now: Date): Promise<{ payment: PaymentRow; booking: Booking }> {
  const nowIso = now.toISOString();
  const payment = await paymentFor(tx, admin, { id });
  if (payment.status !== 'pending' || (review.expectedStatus && review.expectedStatus !== payment.status)) {
    const by = payment.decidedBy ? (await first(tx.select({ name: users.fullName }).from(users).where(eq(users.id, payment.decidedBy))))?.name : undefined;
    throw conflict(`Payment was already marked ${payment.status} by ${by ?? 'the system'}`, 'payment_already_decided');
  }
  const booking = await getBookingRow(tx, payment.bookingId);
  if (booking.status !== 'pending')
    throw conflict(`Booking ${booking.reference} is ${booking.status}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`, 'booking_not_pending');
  if (review.status === 'successful' && (await holdLapsed(tx, booking.id, nowIso))) {
    throw conflict(`Booking ${booking.reference} passed its payment deadline; its seats are no longer held`, 'payment_deadline_passed');
  }
  const version = await nextVersion(tx);
  const reason = review.status === 'failed' ? (review.reason ?? '') : null;
  await tx
    .update(payments)
    .set({ status: review.status, reason, decidedBy: admin.id, decidedAt: nowIso, updatedAt: nowIso, version })
    .where(eq(payments.id, payment.id));
  await recordChange(
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
  if (review.status === 'successful') await confirmBookingTx(tx, booking, { ...change, reason: 'payment confirmed' });
  else if (payment.deadlineAt <= nowIso) await cancelBookingTx(tx, booking, { ...change, reason: DEADLINE_PASSED });
  else await setBookingSeats(tx, booking, { state: 'held', holdExpiresAt: payment.deadlineAt }, version);
  const updated = (await first(tx.select().from(payments).where(eq(payments.id, payment.id)))) ?? payment;
  return { payment: updated, booking: await toBookingJson(tx, await getBookingRow(tx, booking.id), nowIso) };
}
