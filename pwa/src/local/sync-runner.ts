import { SyncEngine } from '../../../sync/client/engine';
import { httpTransport } from '../../../sync/client/http-transport';
import { TransportError, type OutboxRow } from '../../../sync/client/types';
import type { MutationCall } from '../../../sync/protocol';
import { clearAuthToken, subscribeAuthToken, tokenUserId } from '../lib/auth-token';
import { registerBackgroundFlush } from './background-sync';
import { coalesced } from './coalesce';
import { db, type UploadRow } from './db';
import { DexieStore } from './dexie-store';
import { readGuestSession, subscribeGuestSession } from './guest-session';
import { connectSocket, disconnectSocket } from './realtime-socket';
import { exclusive, makeWaitingDue as wake } from './sync-lock';
import { setSyncState } from './sync-status';
import { syncToken } from './token';
import { mirrorToken } from './token-mirror';
import { drainUploads } from './uploads';
import { writeWaitingHint } from './waiting-hint';

export { emitRealtime, onRealtime } from './realtime-socket';

const store = new DexieStore(db);

/** A cycle that finds no session stops before sending anything, in 'sign in to send' until the next sign-in. */
const signedOut = () => new TransportError('auth', 'Sign in to send your changes.');

/**
 * The account the device syncs as and its token, set with each claim under the sync lock: the outbox
 * in use is always this account's, so every push carries its rows' author's token.
 */
let session: { userId: string; token: string } | null = null;
const engine = new SyncEngine({
  store,
  transport: httpTransport('', () => session?.token ?? null),
  onStatus: (status, detail) => setSyncState({ status, detail }),
  exclusive,
  beforeCycle: async () => {
    const token = syncToken();
    const userId = tokenUserId(token);
    if (!token || !userId) throw signedOut();
    await store.claim(userId);
    // Signed out while the device was claimed: nothing of the account goes (forgetDevice).
    if (syncToken() !== token) throw signedOut();
    session = { userId, token };
    await drainUploads(store, () => session?.token ?? null);
    await sendGuestQueue(userId);
  },
});

let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** One cycle across all tabs at a time (see `exclusive`); nothing to do without a token. */
async function cycle(): Promise<void> {
  const token = syncToken();
  await mirrorToken(token);
  if (!tokenUserId(token)) return;
  // A new token is a new session: a queue paused for 'sign in to send' resumes with it.
  if (session?.token !== token) await engine.resume();
  else await engine.sync();
  await scheduleRetry();
}

/**
 * What the support guest queued before someone signed in on this device goes as the guest, with the
 * guest's token, into the guest's own conversation: the server takes a guest's messages from no one else.
 */
async function sendGuestQueue(userId: string): Promise<void> {
  const guest = readGuestSession();
  if (guest && guest._id !== userId)
    await store.sendParked(
      guest._id,
      httpTransport('', () => guest.token),
    );
}

async function scheduleRetry(): Promise<void> {
  clearTimeout(retryTimer);
  const uploads = (await db.uploads.where('state').equals('failed').toArray()).filter((u) => u.account === session?.userId);
  const times = [await engine.nextRetryAt(), ...uploads.map((u) => u.nextAttemptAt)].filter((t): t is number => t !== undefined);
  if (!times.length) return;
  retryTimer = setTimeout(() => void requestSync(), Math.max(250, Math.min(...times) - Date.now()));
}

/**
 * Runs a sync cycle; asked while one runs, it answers the one cycle after it that every request made
 * meanwhile shares (a start, the socket's connect and a poke together make two cycles, not three).
 */
export const requestSync = coalesced(() =>
  cycle()
    .catch((error: unknown) => setSyncState({ status: 'error', detail: error instanceof Error ? error.message : String(error) }))
    .then(noteWaiting),
);

/**
 * Keeps the count of the device account's waiting changes where every page can read it; while any wait,
 * the service worker is asked to send them once online, even if the app is closed by then (Background Sync).
 */
async function noteWaiting(): Promise<void> {
  const { userId } = await store.owner();
  if (!userId) return;
  const { outbox, uploads } = await pendingChanges();
  writeWaitingHint({ account: userId, count: outbox.length + uploads.length });
  if (outbox.length + uploads.length) await registerBackgroundFlush();
}

/** The service worker cannot read localStorage: it gets the sync token from IndexedDB, cleared on sign-out. */
function mirrorSyncToken(): void {
  void mirrorToken(syncToken());
}

/** Starts syncing: on start, on `online`, when the page shows again, on pokes and on reconnects. */
function startSync(): void {
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
  // A page restored from the back/forward cache missed what happened meanwhile; a new page syncs on start.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void requestSync();
  });
  subscribeAuthToken(mirrorSyncToken);
  subscribeGuestSession(mirrorSyncToken);
  mirrorSyncToken();
  connectSocket(requestSync);
  void requestSync();
}

/**
 * Starts syncing (idempotent) and, after a sign-in, resumes a queue paused in 'sign in to send' with the
 * new token's socket.
 */
export async function start(): Promise<void> {
  startSync();
  connectSocket(requestSync);
  await requestSync();
}

/**
 * Queues a mutation (`mutate.<name>` of the SyncRunner in context) of the signed-in account (or the support guest), tagged with it, under the sync
 * lock, and answers once it is on the device; sending goes on in the background.
 */
export async function enqueue(call: MutationCall): Promise<void> {
  const account = tokenUserId(syncToken());
  if (!account) throw new Error('Sign in to make changes.');
  await exclusive(() => store.enqueueAs(account, call, Date.now()));
  await noteWaiting();
  void requestSync();
}

/** Sends a queued or failed mutation now, without waiting for its retry. */
export const retryNow = (mutationId: number): Promise<void> => engine.dueNow(mutationId).then(() => requestSync());
/** Drops a mutation from the outbox; it is never sent. */
export const discard = (mutationId: number): Promise<void> => engine.discard(mutationId).then(noteWaiting);
/** Runs `work` on the device data while no tab syncs or writes the outbox (withdrawing a queued receipt). */
export const whileQueueHeld = <T>(work: () => Promise<T>) => engine.alone(work);

/** The changes of the account the device belongs to that are not yet on the server (named before signing out). */
export async function pendingChanges(): Promise<{ outbox: OutboxRow[]; uploads: UploadRow[] }> {
  const { userId } = await store.owner();
  const [outbox, uploads] = await Promise.all([
    db.outbox.where('state').notEqual('rejected').toArray(),
    db.uploads.filter((u) => u.account === userId && u.state !== 'done' && u.state !== 'rejected').toArray(),
  ]);
  return { outbox, uploads };
}

/**
 * Signing out drops the account's token and forgets its view of the device; its unsent changes stay
 * for its next sign-in (invisible to anyone else meanwhile) unless the user chose to discard them.
 * NOTE: the token goes first, before anything waits: a cycle already running (an upload waiting for the
 * network) then sends nothing more of the account, and the service worker's copy of the token goes with it.
 */
export async function forgetDevice(discardChanges: boolean): Promise<void> {
  session = null;
  clearAuthToken();
  disconnectSocket();
  await store.signOut(discardChanges);
  await mirrorToken(syncToken());
  await noteWaiting();
}
