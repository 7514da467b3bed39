import { db } from './db';

/**
 * One writer of the outbox across every tab and the service worker sharing this IndexedDB: each sync
 * cycle (claim, uploads, push, pull) and every enqueue, withdrawal and retry hold the same Web Lock
 * (Web Locks are shared by a page and its service worker, so a background flush never overlaps a tab's).
 */
export function exclusive<T>(work: () => Promise<T>): Promise<T> {
  return 'locks' in navigator ? navigator.locks.request('skyway-sync', work) : work();
}

/** Back online: what waits on backoff goes now instead of at its next timer. */
export async function makeWaitingDue(): Promise<void> {
  await db.outbox.where('state').equals('failed').modify({ nextAttemptAt: 0 });
  await db.uploads.where('state').equals('failed').modify({ nextAttemptAt: 0 });
}
