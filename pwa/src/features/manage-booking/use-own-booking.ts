import { useLiveQuery } from 'dexie-react-hooks';
import type { Booking } from '../../../../sync/schemas/booking';
import { db } from '../../local/db';

/**
 * The user's own booking from the device: undefined while the device has not synced this account yet
 * (a mail link opened on a new device), null when it has and holds no such booking of theirs.
 */
export function useOwnBooking(bookingId: string, userId: string): Booking | null | undefined {
  return useLiveQuery(async () => {
    const booking = await db.bookings.get(bookingId);
    if (booking) return booking.userId._id === userId ? booking : null;
    const meta = await db.meta.get('sync');
    return meta?.userId === userId && meta.lastSyncedAt !== null ? null : undefined;
  }, [bookingId, userId]);
}
