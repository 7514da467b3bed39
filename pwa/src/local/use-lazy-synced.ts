import { useEffect, useState } from 'react';
import type * as Reads from './synced-reads';
import type { Watch } from './synced-reads';

type SyncedReads = typeof Reads;

/** A query of the server's with no answer, after a failure or while it waits for the network. */
export function serverMissing(query: { data: unknown; failureCount: number; fetchStatus: string }): boolean {
  return query.data === undefined && (query.failureCount > 0 || query.fetchStatus === 'paused');
}

/**
 * A synced read of the device, made only while `wanted`: undefined until then and while reading.
 * NOTE: Dexie loads with the first read, not with the page: a first visit, whose page carries what it
 * shows, downloads none of it (docs/decisions/005). `pick` should be a function of the module's, not made
 * anew on each render.
 */
export function useLazySynced<T>(wanted: boolean, pick: (reads: SyncedReads) => Watch<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    if (!wanted) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./synced-reads').then((reads) => {
      if (!stopped) stop = pick(reads)(setValue);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [wanted, pick]);
  return value;
}
