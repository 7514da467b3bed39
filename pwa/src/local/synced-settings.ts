import { liveQuery } from 'dexie';
import { db, type StoredSettings } from './db';

/** Calls `onValue` with the device's synced settings now and after every pull that changes them; returns the stop. */
export function watchSyncedSettings(onValue: (settings: StoredSettings | undefined) => void): () => void {
  const subscription = liveQuery(() => db.settings.get('settings')).subscribe({
    next: onValue,
    // A device whose database cannot open has no copy: the server's answer is all there is.
    error: () => onValue(undefined),
  });
  return () => subscription.unsubscribe();
}
