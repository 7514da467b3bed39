import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../local/db';

/** The newest synced payment of a booking (its receipt image, deadline and review), from the device. */
export function useBookingPayment(bookingId: string) {
  return useLiveQuery(async () => (await db.payments.where('bookingId').equals(bookingId).sortBy('createdAt')).at(-1), [bookingId]);
}
