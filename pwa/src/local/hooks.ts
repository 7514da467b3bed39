import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Booking } from '../../../sync/schemas/booking';
import { newestFirst, readInChunks } from './chunked';
import { db } from './db';
import { reviewOf } from './outbox-rows';

/**
 * A whole synced list, newest first; undefined (loading) while it is empty because the device has not synced yet
 * (the account's own rows come with its first page): empty means empty.
 * NOTE: the sync state is read in the same query, and only for an empty list: a separate query of it would say
 * 'synced' before this one has read the rows the pull brought (a few seconds for an admin's thousands), and a list
 * with rows need not wake up on every catalogue page's write of the sync state.
 */
async function readList<T extends { _id: string; createdAt: string }, TInsert>(table: Table<T, string, TInsert>): Promise<T[] | undefined> {
  const rows = await readInChunks(table);
  if (rows.length === 0 && !(await db.meta.get('sync'))?.lastSyncedAt) return undefined;
  return rows.sort(newestFirst);
}

/** Live reads from the device: they render offline and update when a pull lands. Whole lists are read in chunks (an admin's thousands). */
export function useMyBookings() {
  return useLiveQuery(() => readList(db.bookings), []);
}

export function useBooking(id: string | undefined) {
  return useLiveQuery(() => (id ? db.bookings.get(id) : undefined), [id]);
}

/** The booking; null when the device has none, undefined while it is still being read. */
export function useBookingOrNone(id: string) {
  return useLiveQuery(async () => (await db.bookings.get(id)) ?? null, [id]);
}

export function useMyPayments() {
  return useLiveQuery(() => readList(db.payments), []);
}

export function usePayment(id: string | undefined) {
  return useLiveQuery(() => (id ? db.payments.get(id) : undefined), [id]);
}

export function useOutbox() {
  return useLiveQuery(() => db.outbox.orderBy('mutationId').toArray(), [], []);
}

/** The uploads of the account the device belongs to now (another account's wait unseen). */
export function useUploads() {
  return useLiveQuery(
    async () => {
      const userId = (await db.meta.get('sync'))?.userId;
      return db.uploads.filter((u) => u.account === userId).toArray();
    },
    [],
    [],
  );
}

/** When the device last synced; null if never, undefined while it is being read. */
export function useLastSynced() {
  return useLiveQuery(async () => (await db.meta.get('sync'))?.lastSyncedAt ?? null, []);
}

export function useSyncedSettings() {
  return useLiveQuery(() => db.settings.get('settings'), []);
}

/** The newest synced payment of a booking (its receipt image, deadline and review), from the device. */
export function useBookingPayment(bookingId: string) {
  return useLiveQuery(async () => (await db.payments.where('bookingId').equals(bookingId).sortBy('createdAt')).at(-1), [bookingId]);
}

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

/** The queued payment decisions and the synced status of their payments (and of `tracked` ones), read in one snapshot. */
export function useQueuedReviews(tracked: ReadonlySet<string>) {
  return useLiveQuery(async () => {
    const rows = await db.outbox.filter((row) => row.name === 'reviewPayment').toArray();
    const ids = [...new Set([...tracked, ...rows.flatMap((row) => reviewOf(row)?.paymentId ?? [])])];
    const payments = await db.payments.bulkGet(ids);
    return { rows, statuses: new Map(payments.flatMap((p) => (p ? [[p._id, p.status] as const] : []))) };
  }, [tracked]);
}
