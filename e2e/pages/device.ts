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
