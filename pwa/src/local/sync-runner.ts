import { io, type Socket } from 'socket.io-client';
import { SyncEngine } from '../../../sync/client/engine';
import { httpTransport } from '../../../sync/client/http-transport';
import type { MutationName } from '../../../sync/protocol';
import { CHAT_EVENTS } from '../../../sync/schemas/chat';
import { tokenUserId } from '../lib/auth-token';
import { storeIncomingMessage } from './chat-store';
import { db } from './db';
import { DexieStore } from './dexie-store';
import { setSyncState } from './sync-status';
import { syncToken } from './token';
import { drainUploads } from './uploads';

const store = new DexieStore(db);

/**
 * One writer of the outbox across all tabs sharing this IndexedDB: each sync cycle (claim, uploads,
 * push, pull) and every enqueue, withdrawal and retry hold the same Web Lock.
 */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  return 'locks' in navigator ? navigator.locks.request('skyway-sync', work) : work();
}

const engine = new SyncEngine({
  store,
  transport: httpTransport('', syncToken),
  onStatus: (status, detail) => setSyncState({ status, detail }),
  exclusive,
  beforeCycle: async () => {
    const userId = tokenUserId(syncToken());
    if (userId) await store.claim(userId);
    await drainUploads(store, syncToken);
  },
});

let socket: Socket | undefined;
let socketToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

type RealtimeHandler = (payload: unknown) => void;
/** Socket listeners outlive the socket: each new socket (another token, a reconnect) gets them all. */
const realtimeHandlers = new Map<string, Set<RealtimeHandler>>();

/** Listens to a socket event (chat typing, read receipts); answers the function that stops listening. */
export function onRealtime(event: string, handler: RealtimeHandler): () => void {
  const handlers = realtimeHandlers.get(event) ?? new Set<RealtimeHandler>();
  realtimeHandlers.set(event, handlers);
  handlers.add(handler);
  socket?.on(event, handler);
  return () => {
    handlers.delete(handler);
    socket?.off(event, handler);
  };
}

/** Sends an ephemeral event (typing); dropped while disconnected, as it would be stale by the reconnect. */
export function emitRealtime(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

/** Back online: what waits on backoff goes now instead of at its next timer. */
async function wake(): Promise<void> {
  await db.outbox.where('state').equals('failed').modify({ nextAttemptAt: 0 });
  await db.uploads.where('state').equals('failed').modify({ nextAttemptAt: 0 });
}

/** One cycle across all tabs at a time (see `exclusive`); nothing to do without a token. */
async function cycle(): Promise<void> {
  if (!tokenUserId(syncToken())) return;
  await engine.sync();
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
  const token = syncToken();
  // The same token keeps its socket (and its rooms); another token gets a new one.
  if (socket && token === socketToken) return;
  socket?.disconnect();
  socket = undefined;
  socketToken = token;
  if (!token) return;
  socket = io({ auth: { token }, transports: ['websocket'] });
  socket.on('poke', () => void requestSync());
  socket.on('connect', () => void wake().then(requestSync));
  socket.on(CHAT_EVENTS.message, (message: unknown) => void storeIncomingMessage(message));
  for (const [event, handlers] of realtimeHandlers) for (const handler of handlers) socket.on(event, handler);
}

/** Starts syncing: on start, on `online`, when the page shows again, on pokes and on reconnects. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    setSyncState({ online: true });
    void wake().then(requestSync);
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

/** Queues a mutation and answers once it is on the device; sending goes on in the background. */
export async function enqueue(name: MutationName, args: unknown): Promise<void> {
  await engine.mutate(name, args);
  void requestSync();
}

export const retryNow = (mutationId: number) => engine.retryNow(mutationId).then(() => requestSync());
export const discard = (mutationId: number) => engine.discard(mutationId);
/** Runs `work` on the device data while no tab syncs or writes the outbox (withdrawing a queued receipt). */
export const whileQueueHeld = <T>(work: () => Promise<T>) => engine.alone(work);

/** Mutations and uploads not yet on the server, for the sign-out warning. */
export async function pendingCount(): Promise<number> {
  const [outbox, uploads] = await Promise.all([db.outbox.where('state').notEqual('rejected').count(), db.uploads.where('state').notEqual('done').count()]);
  return outbox + uploads;
}

/** Signing out forgets this user's device data (after the caller has warned about pending changes). */
export async function forgetDevice(): Promise<void> {
  socket?.disconnect();
  socket = undefined;
  socketToken = null;
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear();
  });
}
