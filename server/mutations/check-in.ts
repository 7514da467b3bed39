import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AIRLINE_CANCELLED_CHECK_IN, cancelledByAirline } from '../../sync/airline-cancellation';
import { CHECK_IN_CLOSES_MS, CHECK_IN_OPENS_MS } from '../../sync/check-in';
import type { Tx } from '../db/client';
import { bookings } from '../db/schema';
import { nextVersion } from '../db/version';
import { conflict } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import { getBookingRow, toBookingJson } from '../services/booking/booking-view';
import { issueBoardingPasses } from '../services/booking/boarding-passes';
import { bookingFor, firstDeparture, legStatuses } from '../services/booking/bookings';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'booking.checkIn': only the booking's owner; anyone else, an admin too, is told the booking does not exist. */
export async function mayCheckIn(user: UserRow, args: { bookingId: string }, tx: Tx): Promise<void> {
  authorize('booking.checkIn', user, { name: 'Booking', ownerId: (await bookingFor(tx, user, args.bookingId)).userId });
}

/** Online check-in for the booking's owner: confirmed bookings, from 48 h to 1 h before departure; issues the boarding passes. */
export const checkIn = defineMutation({
  name: 'checkIn',
  args: z.object({ bookingId: z.string().max(64) }),
  locks: ({ bookingId }) => ({ bookings: [bookingId] }),
  permission: mayCheckIn,
  async run(tx, deps, user, { bookingId }) {
    const now = deps.now();
    const row = await bookingFor(tx, user, bookingId);
    if (row.status !== 'confirmed') throw conflict('Only confirmed bookings can be checked in', 'booking_not_pending');
    if (cancelledByAirline(await legStatuses(tx, row))) throw conflict(AIRLINE_CANCELLED_CHECK_IN, 'flight_cancelled');
    const departure = Date.parse(await firstDeparture(tx, row));
    if (now.getTime() < departure - CHECK_IN_OPENS_MS) throw conflict('Check-in opens 48 hours before departure', 'check_in_not_open');
    if (now.getTime() > departure - CHECK_IN_CLOSES_MS) throw conflict('Check-in closed 1 hour before departure', 'check_in_closed');
    if (!row.checkedInAt) {
      await tx
        .update(bookings)
        .set({ checkedInAt: now.toISOString(), updatedAt: now.toISOString(), version: await nextVersion(tx) })
        .where(eq(bookings.id, bookingId));
      await issueBoardingPasses(tx, deps.jwtSecret, bookingId, row.reference);
    }
    return { result: await toBookingJson(tx, await getBookingRow(tx, bookingId), now.toISOString()), effects: [pokeEffect([row.userId])] };
  },
});
