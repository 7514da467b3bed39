import type { SyncPayment } from '../../../sync/protocol';
import type { Booking } from '../../../sync/schemas/booking';
import { db, type OpenedRow } from './db';

/** At most this many records opened from the history stay on the device beside its working set. */
export const OPENED_MAX = 100;

type Opened = { table: 'bookings'; row: Booking } | { table: 'payments'; row: SyncPayment };

/**
 * Keeps a booking or payment an admin opened from the server's history on the device for offline use: the
 * working set's pruning spares it (sync/working-set.ts) until newer openings push it out. A row the device
 * holds already is the synced one and stays as it is.
 */
export async function keepOpened(opened: Opened): Promise<void> {
  const table = opened.table === 'bookings' ? db.bookings : db.payments;
  await db.transaction('rw', table, db.opened, async () => {
    if (!(await table.get(opened.row._id))) {
      if (opened.table === 'bookings') await db.bookings.put(opened.row);
      else await db.payments.put(opened.row);
    }
    const entry: OpenedRow = { _id: opened.row._id, table: opened.table, at: Date.now() };
    await db.opened.put(entry);
    const beyond = await db.opened.orderBy('at').reverse().offset(OPENED_MAX).primaryKeys();
    await db.opened.bulkDelete(beyond);
  });
}
