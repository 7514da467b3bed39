import type { Flight } from '../../../sync/schemas/flight';
import { addCalendarDays } from '../../../sync/time';
import { flightsOfLeg, type FlightLeg } from '../lib/trip/flight-leg';
import { db } from './db';

/** A search answered by the device: the synced flights of the leg and when they were synced (null: never). */
export type SyncedAnswer = { flights: Flight[]; syncedAt: number | null };

/**
 * The leg's flights from the synced window. A local date at any origin lies within a day of the same UTC
 * date, so only departures from the day before to the day after are read.
 */
export async function syncedFlightsOf(leg: FlightLeg): Promise<SyncedAnswer> {
  const [near, meta] = await Promise.all([
    db.flights.where('departureTime').between(addCalendarDays(leg.date, -1), addCalendarDays(leg.date, 2)).toArray(),
    db.meta.get('sync'),
  ]);
  return { flights: flightsOfLeg(near, leg), syncedAt: meta?.lastSyncedAt ?? null };
}
