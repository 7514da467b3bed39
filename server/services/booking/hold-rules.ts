import { and, eq, sql } from 'drizzle-orm';
import { first, type Tx } from '../../db/client';
import { activeAllocation } from '../../db/flight-queries';
import { bookings, flights, seatAllocations } from '../../db/schema';
import { conflict } from '../../errors';
import type { BookingRow } from './booking-view';
import { readSettings, type StoredSettings } from '../back-office/settings';

const HOUR = 3_600_000;

/** The reason an expired hold gives when the payment was claimed but no admin reviewed it in time. */
export const REVIEW_DEADLINE_PASSED = 'payment not reviewed in time';

export type UnpaidHolds = { bookings: number; seats: number };

/** The seats an account holds unpaid right now: live holds of its pending bookings, every leg counted. */
export async function unpaidHolds(tx: Tx, userId: string, nowIso: string): Promise<UnpaidHolds> {
  const row = await first(
    tx
      .select({ bookings: sql<number>`count(distinct ${bookings.id})`, seats: sql<number>`count(*)` })
      .from(seatAllocations)
      .innerJoin(bookings, eq(bookings.id, seatAllocations.bookingId))
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'pending'), eq(seatAllocations.state, 'held'), activeAllocation(nowIso))),
  );
  return { bookings: row?.bookings ?? 0, seats: row?.seats ?? 0 };
}

/**
 * An account may hold at most `maxUnpaidBookings` unpaid bookings and `maxUnpaidSeats` held seats at
 * once (settings); `held` is what it holds (unpaidHolds), `newSeats` what the new booking would add.
 * Refused with what to do instead.
 */
export function checkUnpaidCap(rules: Pick<StoredSettings, 'maxUnpaidBookings' | 'maxUnpaidSeats'>, held: UnpaidHolds, newSeats: number): void {
  const { maxUnpaidBookings, maxUnpaidSeats } = rules;
  const advice = 'Please pay for or cancel a pending booking before booking again.';
  if (held.bookings >= maxUnpaidBookings) {
    const count = held.bookings === 1 ? 'an unpaid booking' : `${held.bookings} unpaid bookings`;
    throw conflict(`You already have ${count}, the most one account may hold at once. ${advice}`, 'hold_limit_reached');
  }
  if (held.seats + newSeats > maxUnpaidSeats) {
    throw conflict(
      `One account may hold at most ${maxUnpaidSeats} unpaid seats at once; you hold ${held.seats} and this booking needs ${newSeats}. ${advice}`,
      'hold_limit_reached',
    );
  }
}

/**
 * Until when seats stay held once the payment awaits review: the review deadline (a setting), never
 * past the first departure.
 */
export async function reviewHoldExpiry(tx: Tx, booking: BookingRow, now: Date): Promise<string> {
  const departure = (await first(tx.select({ at: flights.departureTime }).from(flights).where(eq(flights.id, booking.flightId))))?.at;
  const deadline = new Date(now.getTime() + (await readSettings(tx)).reviewDeadlineHours * HOUR).toISOString();
  return departure && departure < deadline ? departure : deadline;
}
