import { eq } from 'drizzle-orm';
import { refundOnCancel, type Refund } from '../../../sync/refund';
import type { Tx } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import { recordChange } from '../back-office/audit';
import type { BookingRow } from './booking-view';
import { setBookingSeats, touchFlights } from './seats';
import { readSettings } from '../back-office/settings';

type Change = { actorId: string | null; reason: string; now: Date; version: number };

function touch(tx: Tx, booking: BookingRow, version: number): void {
  touchFlights(tx, [booking.flightId, booking.returnFlightId], version);
}

/**
 * Cancels a booking and frees its seats. A paid booking records the refund due (total minus the
 * penalty setting); an unpaid one's pending payment fails with the same reason. Answers the refund
 * that applies, as the traveller is told it (a payment awaiting review is refunded only if it arrives).
 */
export function cancelBookingTx(tx: Tx, booking: BookingRow, change: Change): Refund {
  const payment = tx.select().from(payments).where(eq(payments.bookingId, booking.id)).get();
  const refund = refundOnCancel(payment, booking.totalCents, readSettings(tx).cancellationPenaltyPercent);
  const stamp = change.now.toISOString();
  setBookingSeats(tx, booking.id, { state: 'released' });
  tx.update(bookings)
    .set({
      status: 'cancelled',
      cancelReason: change.reason,
      refundDueCents: refund.kind === 'due' ? refund.cents : null,
      updatedAt: stamp,
      version: change.version,
    })
    .where(eq(bookings.id, booking.id))
    .run();
  recordChange(
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
    tx.update(payments).set({ status: 'failed', reason: change.reason, updatedAt: stamp, version: change.version }).where(eq(payments.id, payment.id)).run();
    if (payment.status !== 'failed') {
      recordChange(
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
  touch(tx, booking, change.version);
  return refund;
}

export function confirmBookingTx(tx: Tx, booking: BookingRow, change: Change): void {
  setBookingSeats(tx, booking.id, { state: 'sold' });
  tx.update(bookings).set({ status: 'confirmed', updatedAt: change.now.toISOString(), version: change.version }).where(eq(bookings.id, booking.id)).run();
  recordChange(
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
  touch(tx, booking, change.version);
}

export function completeBookingTx(tx: Tx, booking: BookingRow, change: Change): void {
  tx.update(bookings).set({ status: 'completed', updatedAt: change.now.toISOString(), version: change.version }).where(eq(bookings.id, booking.id)).run();
  recordChange(
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
