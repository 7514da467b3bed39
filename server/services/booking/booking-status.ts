import { eq } from 'drizzle-orm';
import { refundOnCancel, type Refund } from '../../../sync/refund';
import { first, type Tx } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import { recordChange } from '../back-office/audit';
import type { BookingRow } from './booking-view';
import { setBookingSeats } from './seats';
import { readSettings } from '../back-office/settings';

type Change = { actorId: string | null; reason: string; now: Date; version: number };
/** `fullRefund`: the airline cancelled a flight of the booking, so no penalty is kept (product rules §4.10). */
type Cancellation = Change & { fullRefund?: boolean };

/**
 * Cancels a booking and frees its seats. A paid booking records the refund due (total minus the
 * penalty setting); an unpaid one's pending payment fails with the same reason. Answers the refund
 * that applies, as the traveller is told it (a payment awaiting review is refunded only if it arrives).
 */
export async function cancelBookingTx(tx: Tx, booking: BookingRow, change: Cancellation): Promise<Refund> {
  const payment = await first(tx.select().from(payments).where(eq(payments.bookingId, booking.id)));
  const penalty = change.fullRefund ? 0 : (await readSettings(tx)).cancellationPenaltyPercent;
  const refund = refundOnCancel(payment, booking.totalCents, penalty);
  const stamp = change.now.toISOString();
  await setBookingSeats(tx, booking, { state: 'released' }, change.version);
  await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelReason: change.reason,
      refundDueCents: refund.kind === 'due' ? refund.cents : null,
      updatedAt: stamp,
      version: change.version,
    })
    .where(eq(bookings.id, booking.id));
  await recordChange(
    tx,
    {
      action: 'booking.cancelled',
      actorId: change.actorId,
      entity: 'booking',
      entityId: booking.id,
      from: booking.status,
      to: 'cancelled',
      reason: change.reason,
    },
    change.now,
  );
  if (payment && payment.status !== 'successful') {
    await tx.update(payments).set({ status: 'failed', reason: change.reason, updatedAt: stamp, version: change.version }).where(eq(payments.id, payment.id));
    if (payment.status !== 'failed') {
      await recordChange(
        tx,
        {
          action: 'payment.failed',
          actorId: change.actorId,
          entity: 'payment',
          entityId: payment.id,
          from: payment.status,
          to: 'failed',
          reason: change.reason,
        },
        change.now,
      );
    }
  }
  return refund;
}

export async function confirmBookingTx(tx: Tx, booking: BookingRow, change: Change): Promise<void> {
  await setBookingSeats(tx, booking, { state: 'sold' }, change.version);
  await tx.update(bookings).set({ status: 'confirmed', updatedAt: change.now.toISOString(), version: change.version }).where(eq(bookings.id, booking.id));
  await recordChange(
    tx,
    {
      action: 'booking.confirmed',
      actorId: change.actorId,
      entity: 'booking',
      entityId: booking.id,
      from: booking.status,
      to: 'confirmed',
      reason: change.reason,
    },
    change.now,
  );
}

export async function completeBookingTx(tx: Tx, booking: BookingRow, change: Change): Promise<void> {
  await tx.update(bookings).set({ status: 'completed', updatedAt: change.now.toISOString(), version: change.version }).where(eq(bookings.id, booking.id));
  await recordChange(
    tx,
    {
      action: 'booking.completed',
      actorId: change.actorId,
      entity: 'booking',
      entityId: booking.id,
      from: booking.status,
      to: 'completed',
      reason: change.reason,
    },
    change.now,
  );
}
