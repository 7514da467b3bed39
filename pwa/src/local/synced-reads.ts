import { liveQuery } from 'dexie';
import type { Airport } from '../../../sync/schemas/airport';
import { db, type StoredSettings } from './db';

/** Calls `onValue` with what `read` finds on the device now and after every pull that changes it; returns the stop. */
export type Watch<T> = (onValue: (value: T | undefined) => void) => () => void;

function watch<T>(read: () => Promise<T | undefined>): Watch<T> {
  return (onValue) => {
    const subscription = liveQuery(read).subscribe({
      next: onValue,
      // A device whose database cannot open has no copy: the server's answer is all there is.
      error: () => onValue(undefined),
    });
    return () => subscription.unsubscribe();
  };
}

export const watchSyncedSettings: Watch<StoredSettings> = watch(() => db.settings.get('settings'));

export const watchSyncedAirports: Watch<Airport[]> = watch(() => db.airports.orderBy('code').toArray());
