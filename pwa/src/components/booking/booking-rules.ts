import { refundCents } from '../../../../sync/fare';
import { dollarsToCents } from '../../../../sync/money';
import type { Booking } from '../../../../sync/schemas/booking';
import { formatBookingDate } from '../../lib/format';

const HOUR = 3_600_000;
/** Decisions §3: the cancellation penalty is an admin setting, 10% unless changed. */
export const DEFAULT_PENALTY_PERCENT = 10;

export type Availability = { available: true } | { available: false; reason: string };

/** Decisions §3: a pending or confirmed booking may be cancelled before its first departure. */
export function cancelAvailability(booking: Booking, now: number): Availability {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return { available: false, reason: `A ${booking.status} booking cannot be cancelled` };
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
  if (now < departure - 48 * HOUR) {
    const opens = new Date(departure - 48 * HOUR).toISOString();
    return { available: false, reason: `Check-in opens 48 hours before departure (${formatBookingDate(opens, leg.origin.timeZone)})` };
  }
  if (now > departure - HOUR) return { available: false, reason: 'Check-in closed 1 hour before departure' };
  return { available: true };
}

/** The refund a cancellation would owe, in cents: only a paid booking has one (total minus the penalty). */
export function refundOnCancel(booking: Booking, penaltyPercent: number): number | null {
  if (booking.paymentStatus !== 'successful') return null;
  return refundCents(dollarsToCents(booking.totalAmount), penaltyPercent);
}
