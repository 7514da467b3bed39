import { io, type Socket } from 'socket.io-client';
import { SyncEngine } from '../../../sync/client/engine';
import { httpTransport } from '../../../sync/client/http-transport';
import type { MutationName } from '../../../sync/protocol';
import { db } from './db';
import { DexieStore } from './dexie-store';
import { setSyncState } from './sync-status';
import { authToken, tokenUserId } from './token';
import { drainUploads } from './uploads';

const store = new DexieStore(db);
const engine = new SyncEngine({
  store,
  transport: httpTransport('', authToken),
  onStatus: (status, detail) => setSyncState({ status, detail }),
});

let socket: Socket | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** One cycle across all tabs at a time: the Web Lock serialises tabs sharing the same IndexedDB. */
async function cycle(): Promise<void> {
  const userId = tokenUserId(authToken());
  if (!userId) return;
  const run = async () => {
    await store.claim(userId);
    if (await drainUploads(store, authToken)) await engine.sync();
    await engine.sync();
  };
  if ('locks' in navigator) await navigator.locks.request('skyway-sync', run);
  else await run();
  await scheduleRetry();
}

async function scheduleRetry(): Promise<void> {
  clearTimeout(retryTimer);
  const uploads = await db.uploads.where('state').equals('failed').toArray();
  const times = [await engine.nextRetryAt(), ...uploads.map((u) => u.nextAttemptAt)].filter((t): t is number => t !== undefined);
  if (!times.length) return;
  retryTimer = setTimeout(() => void requestSync(), Math.max(250, Math.min(...times) - Date.now()));
}

export function requestSync(): Promise<void> {
  return cycle().catch((error: unknown) => setSyncState({ status: 'error', detail: error instanceof Error ? error.message : String(error) }));
}

function connectSocket(): void {
  const token = authToken();
  socket?.disconnect();
  if (!token) return;
  socket = io({ auth: { token }, transports: ['websocket'] });
  socket.on('poke', () => void requestSync());
  socket.on('connect', () => void requestSync());
}

/** Starts syncing: on start, on `online`, when the page shows again, on pokes and on reconnects. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    setSyncState({ online: true });
    void requestSync();
  });
  window.addEventListener('offline', () => setSyncState({ online: false }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void requestSync();
  });
  window.addEventListener('pageshow', () => void requestSync());
  connectSocket();
  void requestSync();
}

/** After a sign-in: a queue paused in 'sign in to send' resumes, and the socket uses the new token. */
export async function afterSignIn(): Promise<void> {
  connectSocket();
  await engine.resume();
  await requestSync();
}

export async function mutate(name: MutationName, args: unknown): Promise<void> {
  await engine.mutate(name, args);
  await requestSync();
}

export const retryNow = (mutationId: number) => engine.retryNow(mutationId).then(() => requestSync());
export const discard = (mutationId: number) => engine.discard(mutationId);

/** Mutations and uploads not yet on the server, for the sign-out warning. */
export async function pendingCount(): Promise<number> {
  const [outbox, uploads] = await Promise.all([db.outbox.where('state').notEqual('rejected').count(), db.uploads.where('state').notEqual('done').count()]);
  return outbox + uploads;
}

/** Signing out forgets this user's device data (after the caller has warned about pending changes). */
export async function forgetDevice(): Promise<void> {
  socket?.disconnect();
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear();
  });
}
