import { SyncEngine } from '../../../sync/client/engine';
import { httpTransport } from '../../../sync/client/http-transport';
import type { SyncStatus } from '../../../sync/client/types';
import { tokenUserId } from '../lib/auth-token';
import { FLUSH_TAG } from './background-sync';
import { db } from './db';
import { DexieStore } from './dexie-store';
import { exclusive, makeWaitingDue } from './sync-lock';
import { mirroredToken } from './token-mirror';
import { drainUploads } from './uploads';

type SyncEventLike = ExtendableEvent & { tag: string };

/**
 * The service worker's flush: one cycle of the same sync engine the page runs (claim, uploads, push,
 * pull) on the same Dexie database, with the token the page mirrored. It holds the same Web Lock as the
 * tabs, so it never overlaps their cycles; a row sent twice anyway (a lost response) is harmless: the
 * server skips a mutation id it has processed, and an upload lands once because its row turns 'done' in
 * the transaction that enqueues its mutation. Rejects when something is still waiting on a transient
 * failure, so the browser retries later; signed out, or the session ended (401), there is nothing to retry.
 */
export async function flushQueued(): Promise<void> {
  const token = await mirroredToken();
  const userId = tokenUserId(token);
  if (!token || !userId) return;
  const store = new DexieStore(db);
  let last: { status: SyncStatus; detail: string | undefined } = { status: 'idle', detail: undefined };
  const engine = new SyncEngine({
    store,
    transport: httpTransport('', () => token),
    onStatus: (status, detail) => (last = { status, detail }),
    exclusive,
    beforeCycle: async () => {
      await store.claim(userId);
      await drainUploads(store, () => token);
    },
  });
  await makeWaitingDue();
  await engine.sync();
  if (last.status === 'offline' || last.status === 'error' || last.status === 'refused') throw new Error(last.detail ?? last.status);
  const failedUploads = await db.uploads
    .where('state')
    .equals('failed')
    .filter((u) => u.account === userId)
    .count();
  if (failedUploads) throw new Error(`${failedUploads} uploads still waiting`);
}

/** The service worker's `sync` listener: the flush tag runs `flushQueued` for as long as it takes. */
export function onBackgroundSync(event: Event): void {
  const sync = event as SyncEventLike;
  if (sync.tag === FLUSH_TAG) sync.waitUntil(flushQueued());
}
