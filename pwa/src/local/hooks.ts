import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { newestFirst, readInChunks } from './chunked';
import { db } from './db';

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
