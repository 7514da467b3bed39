import { AIRLINE_CANCELLED_CHECK_IN, cancelledByAirline } from '../../../../sync/airline-cancellation';
import { dollarsToCents } from '../../../../sync/money';
import { refundOnCancel, type Refund, type RefundPayment } from '../../../../sync/refund';
import type { Booking } from '../../../../sync/schemas/booking';
import { formatBookingDate } from '../../lib/format';

const HOUR = 3_600_000;
/** Product rules §4.6: the cancellation penalty is an admin setting, 10% unless changed. */
export const DEFAULT_PENALTY_PERCENT = 10;

export type Availability = { available: true } | { available: false; reason: string };

/** Product rules §4.10: a flight of the booking was cancelled by the airline and none has left. */
export function airlineCancelled(booking: Booking): boolean {
  return cancelledByAirline([booking.flightId, ...(booking.returnFlightId ? [booking.returnFlightId] : [])]);
}

/**
 * Product rules §4.5: a pending or confirmed booking may be cancelled before its first departure; one
 * whose flight the airline cancelled at any time (product rules §4.10).
 */
export function cancelAvailability(booking: Booking, now: number): Availability {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return { available: false, reason: `A ${booking.status} booking cannot be cancelled` };
  if (airlineCancelled(booking)) return { available: true };
  if (Date.parse(booking.flightId.departureTime) <= now) return { available: false, reason: 'A booking cannot be cancelled after departure' };
  return { available: true };
}

/** Online check-in: confirmed bookings, from 48 hours to 1 hour before the first departure. */
export function checkInAvailability(booking: Booking, now: number): Availability {
  const leg = booking.flightId;
  const departure = Date.parse(leg.departureTime);
  if (booking.checkedInAt) return { available: false, reason: 'You are checked in' };
  if (booking.status === 'pending') return { available: false, reason: 'Check-in opens once your payment is confirmed' };
  if (booking.status !== 'confirmed') return { available: false, reason: 'Only confirmed bookings can be checked in' };
  if (airlineCancelled(booking)) return { available: false, reason: AIRLINE_CANCELLED_CHECK_IN };
  if (now < departure - 48 * HOUR) {
    const opens = new Date(departure - 48 * HOUR).toISOString();
    return { available: false, reason: `Check-in opens 48 hours before departure (${formatBookingDate(opens, leg.origin.timeZone)})` };
  }
  if (now > departure - HOUR) return { available: false, reason: 'Check-in closed 1 hour before departure' };
  return { available: true };
}

/** The cancel button's words: a paid booking on a flight the airline cancelled offers its refund. */
export function cancelLabel(booking: Booking): string {
  return airlineCancelled(booking) && booking.paymentStatus === 'successful' ? 'Cancel for a full refund' : 'Cancel booking';
}

/**
 * The refund cancelling would give, from the booking's payment on the device (else its payment status):
 * an amount only for money received, in full when the airline cancelled a flight (product rules §4.10); a payment
 * awaiting review is refunded only if it arrives.
 */
export function refundIfCancelled(booking: Booking, payment: RefundPayment | undefined, penaltyPercent: number): Refund {
  const penalty = airlineCancelled(booking) ? 0 : penaltyPercent;
  return refundOnCancel(payment ?? { status: booking.paymentStatus, awaitingReviewAt: null }, dollarsToCents(booking.totalAmount), penalty);
}

/** The refund of a cancelled booking: the amount recorded, else a refund only if a payment sent for review arrives. */
export function refundOfCancelled(booking: Booking, payment: RefundPayment | undefined): Refund {
  if (booking.refundDue !== null) return { kind: 'due', cents: dollarsToCents(booking.refundDue) };
  return payment?.awaitingReviewAt ? { kind: 'if-received' } : { kind: 'none' };
}
