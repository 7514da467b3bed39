import { cancelledByAirline, FLIGHT_CANCELLED_REASON } from '../../sync/airline-cancellation';
import { MutationArgsSchemas } from '../../sync/protocol';
import type { Tx } from '../db/client';
import { nextVersion } from '../db/version';
import { conflict } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import { cancelBookingTx } from '../services/booking/booking-status';
import { getBookingRow, toBookingJson } from '../services/booking/booking-view';
import { bookingFor, firstDeparture, legStatuses } from '../services/booking/bookings';
import { bookingMails } from '../services/mail/notifications';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'booking.cancel': the booking's owner or an admin; anyone else is told the booking does not exist. */
export async function mayCancelBooking(user: UserRow, args: { bookingId: string }, tx: Tx): Promise<void> {
  authorize('booking.cancel', user, { name: 'Booking', ownerId: (await bookingFor(tx, user, args.bookingId)).userId });
}

/**
 * A traveller (or an admin) cancels a pending or confirmed booking before departure; a booking whose
 * flight the airline cancelled at any time, with a full refund (product rules §4.10).
 */
export const cancelBooking = defineMutation({
  name: 'cancelBooking',
  args: MutationArgsSchemas.cancelBooking,
  limits: ['bookingAddress', 'bookingCancel'],
  locks: ({ bookingId }) => ({ bookings: [bookingId] }),
  permission: mayCancelBooking,
  async run(tx, deps, user, { bookingId }) {
    const now = deps.now();
    const nowIso = now.toISOString();
    const row = await bookingFor(tx, user, bookingId);
    if (row.status !== 'pending' && row.status !== 'confirmed') throw conflict(`A ${row.status} booking cannot be cancelled`, 'booking_not_cancellable');
    const airline = cancelledByAirline(await legStatuses(tx, row));
    if (!airline && (await firstDeparture(tx, row)) <= nowIso) throw conflict('A booking cannot be cancelled after departure', 'departed');
    const reason = airline ? FLIGHT_CANCELLED_REASON : user.role === 'admin' ? 'cancelled by the airline' : 'cancelled by the traveller';
    const refund = await cancelBookingTx(tx, row, { actorId: user.id, reason, now, version: await nextVersion(tx), fullRefund: airline });
    const booking = await toBookingJson(tx, await getBookingRow(tx, bookingId), nowIso);
    return { result: booking, effects: [...(await bookingMails.bookingCancelled(deps, tx, booking, reason, refund)), pokeEffect([booking.userId._id])] };
  },
});
