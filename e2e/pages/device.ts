import { expect, type Page } from '@playwright/test';
import { AuthPage } from './auth-page';
import { TRAVELLER } from './credentials';

/** Waits for the service worker to be active. NOTE: installing precaches the whole app; on a loaded machine that takes longer than expect's 5 s. */
export async function workerActive(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe('activated');
}

/** Waits for the service worker to be active, then reloads once so it controls the page (offline tabs need it). */
export async function controlledByWorker(page: Page): Promise<void> {
  await workerActive(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

type DeviceRow = { key: string; state: string; name?: string; paymentId?: string; linkHash?: string | null };
type Read = { store: string; get?: string; count?: true };

/**
 * Reads stores of one IndexedDB database of the page in one transaction: a row by key (`get`), a
 * count, or all rows. Null while the database or a store is not there yet. NOTE: it never creates
 * the database and closes at once: an empty database, or a connection left open, would block
 * Dexie's upgrade and so the app's whole sync.
 */
export function readDevice(page: Page, database: string, reads: Read[]): Promise<unknown[] | null> {
  return page.evaluate(
    async ({ database, reads }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === database)) return null;
      return new Promise<unknown[] | null>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          db.onversionchange = () => db.close();
          if (!reads.every((read) => db.objectStoreNames.contains(read.store))) {
            db.close();
            resolve(null);
            return;
          }
          const tx = db.transaction(
            reads.map((read) => read.store),
            'readonly',
          );
          const requests = reads.map((read) => {
            const store = tx.objectStore(read.store);
            if (read.get !== undefined) return store.get(read.get);
            return read.count ? store.count() : store.getAll();
          });
          tx.onerror = () => {
            db.close();
            reject(tx.error ?? new Error(`reading ${database}`));
          };
          tx.oncomplete = () => {
            db.close();
            resolve(requests.map((request) => request.result as unknown));
          };
        };
      });
    },
    { database, reads },
  );
}

/** A store of the device's IndexedDB ('payments', 'uploads', 'outbox'), reduced to what the tests compare. */
export async function deviceRows(page: Page, store: 'payments' | 'uploads' | 'outbox'): Promise<DeviceRow[]> {
  const [rows] = (await readDevice(page, 'skyway', [{ store }])) ?? [[]];
  return (rows as Record<string, unknown>[]).map((row) => {
    const args = ((row.intent as { args?: unknown } | undefined)?.args ?? row.args ?? {}) as { paymentId?: string };
    return {
      key: String(row._id ?? row.hash ?? row.mutationId),
      state: String(row.state ?? row.status),
      name: row.name as string | undefined,
      paymentId: args.paymentId,
      linkHash: row.linkHash as string | null | undefined,
    };
  });
}

/** How many flights the device keeps once its pull sequence is complete (its cursor names no page); null before. */
export async function syncedFlightCount(page: Page): Promise<number | null> {
  const read = await readDevice(page, 'skyway', [
    { store: 'meta', get: 'sync' },
    { store: 'flights', count: true },
  ]);
  const cursor = (read?.[0] as { cursor?: string | null } | undefined)?.cursor;
  return cursor && !cursor.includes(':p') ? (read?.[1] as number) : null;
}

/** The demo traveller signs in on `page` and waits until the device holds synced flights (the listing's offline answer). */
export async function demoTravellerWithFlights(page: Page): Promise<void> {
  await page.goto('/login');
  await new AuthPage(page).login(TRAVELLER.email, TRAVELLER.password);
  await expect(page).toHaveURL('/');
  await expect.poll(() => syncedFlightCount(page), { timeout: 60_000 }).toBeGreaterThan(0);
}
