import type { SyncStatus } from '../../../sync/client/types';

/** The Background Sync tag the page registers while changes wait; the service worker flushes on it. */
export const FLUSH_TAG = 'flush-outbox';

type SyncManagerLike = { register(tag: string): Promise<void> };

/** Whether this browser can send queued changes from the service worker (Chromium); Safari and Firefox cannot. */
export function backgroundSyncSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof ServiceWorkerRegistration !== 'undefined' &&
    'sync' in ServiceWorkerRegistration.prototype
  );
}

/**
 * Asks the browser to wake the service worker once it is online, even if every tab is closed by then.
 * Registering the same tag again is a no-op; without a registered service worker nothing is asked.
 */
export async function registerBackgroundFlush(): Promise<void> {
  if (!backgroundSyncSupported()) return;
  const registration: (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined = await navigator.serviceWorker.getRegistration();
  await registration?.sync?.register(FLUSH_TAG).catch(() => undefined);
}

/**
 * What the user is told beside a queued receipt or message while it cannot go: whether it goes on its own
 * (Background Sync) or with the next visit. Nothing while the app is online and sending.
 */
export function deliveryNote({ supported, online, status }: { supported: boolean; online: boolean; status: SyncStatus }): string | null {
  if (online && status !== 'offline' && status !== 'error' && status !== 'refused') return null;
  return supported ? 'Will send in the background when you are back online, even if you close the app.' : 'Will send when you next open the app online.';
}
