import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../local/db';

/** The synced payment of a booking (its receipt image), from the device. */
export function useBookingPayment(bookingId: string) {
  return useLiveQuery(() => db.payments.where('bookingId').equals(bookingId).first(), [bookingId]);
}
