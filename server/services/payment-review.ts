import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../sync/constants';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { images, payments, users } from '../db/schema';
import { nextVersion } from '../db/version';
import { AppError, conflict } from '../errors';
import { recordChange } from './audit';
import { cancelBookingTx, confirmBookingTx } from './booking-status';
import { getBookingRow, toBookingJson } from './booking-view';
import { reviewHoldExpiry } from './hold-rules';
import { notify } from './notifications';
import { paymentFor, type PaymentRow } from './payments';
import { holdLapsed, setBookingSeats } from './seats';
import type { UserRow } from './users';

const DEADLINE_PASSED = 'payment deadline passed';

/** Accepts '/api/images/{id}' or a bare id. */
function imageIdOf(value: string): string {
  return value.split('/').pop() ?? value;
}

function assertOpen(payment: PaymentRow, bookingStatus: string, nowIso: string): void {
  if (bookingStatus !== 'pending') throw conflict(`This booking is ${bookingStatus}; its payment can no longer change`);
  if (payment.status === 'successful') throw conflict('This payment is already confirmed');
  if (payment.deadlineAt <= nowIso) throw conflict('The payment deadline has passed');
}

/**
 * The traveller says the money is sent: by a receipt (bank transfer) or 'I have made payment'
 * (crypto, Cash App). The payment awaits review and the seats stay held until an admin decides, or
 * the review deadline passes (the sweeper then cancels the booking and tells the admin).
 */
export function markAwaitingReview(ctx: AppContext, user: UserRow, where: { id: string } | { accessKey: string }, receipt?: string) {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const result = immediate(ctx.db, (tx) => {
    const payment = paymentFor(tx, user, where);
    const booking = getBookingRow(tx, payment.bookingId);
    assertOpen(payment, booking.status, nowIso);
    let receiptImageId = payment.receiptImageId;
    if (receipt !== undefined) {
      if (payment.method !== 'bank_transfer') throw new AppError(400, 'Receipts are for bank transfers');
      const image = tx.select().from(images).where(eq(images.id, imageIdOf(receipt))).get();
      if (!image || image.ownerId !== payment.userId) throw new AppError(400, 'No image found', [{ msg: 'No image found', path: 'image' }]);
      receiptImageId = image.id;
    }
    const version = nextVersion(tx);
    tx.update(payments)
      .set({ status: 'pending', reason: null, receiptImageId, awaitingReviewAt: nowIso, updatedAt: nowIso, version })
      .where(eq(payments.id, payment.id))
      .run();
    if (payment.status !== 'pending') {
      recordChange(tx, { actorId: user.id, entity: 'payment', entityId: payment.id, from: payment.status, to: 'pending', reason: 'new receipt' }, now);
    }
    setBookingSeats(tx, booking.id, { state: 'held', holdExpiresAt: reviewHoldExpiry(tx, booking, now) });
    const updated = tx.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
    return { payment: updated, booking: toBookingJson(tx, booking, nowIso) };
  });
  if (receipt === undefined) notify.paymentClaimed(ctx, result.booking);
  else notify.receiptUploaded(ctx, result.booking);
  ctx.notify([result.payment.userId]);
  return result.payment;
}

export type Review = { status: 'successful' | 'failed'; reason?: string; expectedStatus?: PaymentStatus };

/**
 * An admin's decision. It applies only to a pending payment (or the status the admin saw, when
 * given); otherwise the first decision stands and this one is refused with who made it.
 */
export function reviewPayment(ctx: AppContext, admin: UserRow, id: string, review: Review): PaymentRow {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const result = immediate(ctx.db, (tx) => {
    const payment = paymentFor(tx, admin, { id });
    if (payment.status !== 'pending' || (review.expectedStatus && review.expectedStatus !== payment.status)) {
      const by = payment.decidedBy ? tx.select({ name: users.fullName }).from(users).where(eq(users.id, payment.decidedBy)).get()?.name : undefined;
      throw conflict(`Payment was already marked ${payment.status} by ${by ?? 'the system'}`);
    }
    const booking = getBookingRow(tx, payment.bookingId);
    if (booking.status !== 'pending') throw conflict(`Booking ${booking.reference} is ${booking.status}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`);
    if (review.status === 'successful' && holdLapsed(tx, booking.id, nowIso)) {
      throw conflict(`Booking ${booking.reference} passed its payment deadline; its seats are no longer held`);
    }
    const version = nextVersion(tx);
    const reason = review.status === 'failed' ? (review.reason ?? '') : null;
    tx.update(payments)
      .set({ status: review.status, reason, decidedBy: admin.id, decidedAt: nowIso, updatedAt: nowIso, version })
      .where(eq(payments.id, payment.id))
      .run();
    recordChange(tx, { actorId: admin.id, entity: 'payment', entityId: payment.id, from: payment.status, to: review.status, reason }, now);
    const change = { actorId: admin.id, now, version };
    if (review.status === 'successful') confirmBookingTx(tx, booking, { ...change, reason: 'payment confirmed' });
    else if (payment.deadlineAt <= nowIso) cancelBookingTx(tx, booking, { ...change, reason: DEADLINE_PASSED });
    else setBookingSeats(tx, booking.id, { state: 'held', holdExpiresAt: payment.deadlineAt });
    const updated = tx.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
    return { payment: updated, booking: toBookingJson(tx, getBookingRow(tx, booking.id), nowIso) };
  });
  if (review.status === 'successful') notify.paymentConfirmed(ctx, result.booking);
  else notify.paymentFailed(ctx, result.booking, review.reason ?? '');
  ctx.notify([result.payment.userId]);
  return result.payment;
}
