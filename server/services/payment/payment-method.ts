import { eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../../sync/constants';
import { only, type Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { conflict, invalidField } from '../../errors';
import { recordChange } from '../back-office/audit';
import { readSettings } from '../back-office/settings';
import { paymentDeadline } from '../booking/new-booking';
import { getBookingRow } from '../booking/booking-view';
import { setBookingSeats } from '../booking/seats';
import type { UserRow } from '../../actor';
import { paymentFor, type PaymentRow } from './payments';

/**
 * The traveller switches the pending payment of their booking to another method, instead of booking
 * again: the same booking, seats and amount (the fare does not depend on the method); the deadline
 * follows the new method's rule (product rules §3.4) counted from now, but never later than a bank
 * transfer opened with the booking would allow, so switching cannot stretch a seat hold. Refused once
 * the payment is decided, claimed (awaiting review) or past its deadline.
 */
export async function changePaymentMethod(tx: Tx, user: UserRow, paymentId: string, method: PaymentMethod, now: Date): Promise<PaymentRow> {
  const nowIso = now.toISOString();
  const payment = await paymentFor(tx, user, { id: paymentId });
  const booking = await getBookingRow(tx, payment.bookingId);
  if (payment.status !== 'pending') throw conflict(`This payment is already ${payment.status}`, 'payment_already_decided');
  if (booking.status !== 'pending') throw conflict(`This booking is ${booking.status}; its payment can no longer change`, 'booking_not_pending');
  if (payment.awaitingReviewAt) throw conflict('You told us this payment is made; we are checking it', 'payment_awaiting_review');
  if (payment.deadlineAt <= nowIso) throw conflict('The payment deadline has passed', 'payment_deadline_passed');
  const settings = await readSettings(tx);
  if (method === 'crypto' && settings.cryptoInfo.length === 0) throw invalidField('Cryptocurrency payment is not set up', 'paymentMethod');
  if (method === payment.method) return payment;
  const latest = paymentDeadline(settings, 'bank_transfer', new Date(payment.createdAt)).getTime();
  const deadline = new Date(Math.min(paymentDeadline(settings, method, now).getTime(), latest)).toISOString();
  const version = await nextVersion(tx);
  const updated = await only(
    tx
      .update(payments)
      .set({ method, amountCents: booking.totalCents, deadlineAt: deadline, updatedAt: nowIso, version })
      .where(eq(payments.id, payment.id))
      .returning(),
  );
  await setBookingSeats(tx, booking, { state: 'held', holdExpiresAt: deadline }, version);
  await recordChange(
    tx,
    {
      action: 'payment.method',
      actorId: user.id,
      entity: 'payment',
      entityId: payment.id,
      from: 'pending',
      to: 'pending',
      reason: `method ${payment.method} -> ${method}`,
    },
    now,
  );
  return updated;
}
