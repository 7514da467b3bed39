import { useEffect, useState } from 'react';
import type { StoredSettings } from './db';

/**
 * The device's synced settings, read only while `wanted`: undefined until then and while reading.
 * NOTE: Dexie loads with the first read, not with the page: a first visit, whose page carries the
 * settings, downloads none of it (docs/decisions/005).
 */
export function useLazySyncedSettings(wanted: boolean): StoredSettings | undefined {
  const [settings, setSettings] = useState<StoredSettings>();
  useEffect(() => {
    if (!wanted) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./synced-settings').then(({ watchSyncedSettings }) => {
      if (!stopped) stop = watchSyncedSettings(setSettings);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [wanted]);
  return settings;
}
