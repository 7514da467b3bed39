import { expect, type Page } from '@playwright/test';

/** Waits for the service worker to be active, then reloads once so it controls the page (offline tabs need it). */
export async function controlledByWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

type DeviceRow = { key: string; state: string; name?: string; paymentId?: string; linkHash?: string | null };

/** A store of the device's IndexedDB ('payments', 'uploads', 'outbox'), reduced to what the tests compare. */
export function deviceRows(page: Page, store: 'payments' | 'uploads' | 'outbox'): Promise<DeviceRow[]> {
  return page.evaluate(
    (name) =>
      new Promise<DeviceRow[]>((resolve, reject) => {
        const open = indexedDB.open('skyway');
        open.onerror = () => reject(open.error ?? new Error('indexedDB'));
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(name, 'readonly').objectStore(name).getAll();
          read.onerror = () => reject(read.error ?? new Error('read'));
          read.onsuccess = () => {
            db.close();
            resolve(
              (read.result as Record<string, unknown>[]).map((row) => {
                const args = ((row.intent as { args?: unknown } | undefined)?.args ?? row.args ?? {}) as { paymentId?: string };
                return {
                  key: String(row._id ?? row.hash ?? row.mutationId),
                  state: String(row.state ?? row.status),
                  name: row.name as string | undefined,
                  paymentId: args.paymentId,
                  linkHash: row.linkHash as string | null | undefined,
                };
              }),
            );
          };
        };
      }),
    store,
  );
}

/** How many flights the device keeps once its pull sequence is complete (its cursor names no page); null before. */
export function syncedFlightCount(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('skyway');
        open.onerror = () => reject(open.error ?? new Error('indexedDB'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['meta', 'flights'], 'readonly');
          const meta = tx.objectStore('meta').get('sync');
          const count = tx.objectStore('flights').count();
          tx.onerror = () => reject(tx.error ?? new Error('read'));
          tx.oncomplete = () => {
            db.close();
            const cursor = (meta.result as { cursor?: string | null } | undefined)?.cursor;
            resolve(cursor && !cursor.includes(':p') ? count.result : null);
          };
        };
      }),
  );
}
