import { useLiveQuery } from 'dexie-react-hooks';
import { newestFirst, readInChunks } from './chunked';
import { db } from './db';

/** Live reads from the device: they render offline and update when a pull lands. Whole lists are read in chunks (an admin's thousands). */
export function useMyBookings() {
  return useLiveQuery(async () => (await readInChunks(db.bookings)).sort(newestFirst), []);
}

export function useBooking(id: string | undefined) {
  return useLiveQuery(() => (id ? db.bookings.get(id) : undefined), [id]);
}

/** The booking; null when the device has none, undefined while it is still being read. */
export function useBookingOrNone(id: string) {
  return useLiveQuery(async () => (await db.bookings.get(id)) ?? null, [id]);
}

export function useMyPayments() {
  return useLiveQuery(async () => (await readInChunks(db.payments)).sort(newestFirst), []);
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
