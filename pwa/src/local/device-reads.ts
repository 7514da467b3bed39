import type { Booking } from '../../../sync/schemas/booking';
import { db, type UploadRow } from './db';

/** An upload still queued on the device, by its file's hash. */
export function queuedUpload(hash: string): Promise<UploadRow | undefined> {
  return db.uploads.get(hash);
}

/** Synced airports' names by id; airports the device does not hold are left out. */
export async function airportNames(ids: readonly string[]): Promise<Map<string, string>> {
  const airports = await db.airports.bulkGet([...ids]);
  return new Map(airports.filter((a) => a !== undefined).map((a) => [a._id, a.name]));
}

/** The synced booking with this reference, when its e-mail (lower case) is the one given. */
export async function bookingByReference(reference: string, email: string): Promise<Booking | undefined> {
  const booking = await db.bookings.where('bookingId').equals(reference).first();
  return booking?.email.toLowerCase() === email ? booking : undefined;
}
