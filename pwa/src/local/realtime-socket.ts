import { io, type Socket } from 'socket.io-client';
import type { ClientEventName, ClientToServerEvents, ServerEventName, ServerToClientEvents } from '../../../sync/socket-events';
import { api } from '../lib/api';
import { readAuthToken } from '../lib/auth-token';
import { storeIncomingMessage, storeMessagesRead } from './chat-store';
import { makeWaitingDue as wake } from './sync-lock';
import { setSyncState } from './sync-status';
import { syncToken } from './token';

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
let socketToken: string | null = null;
/** What a poke or a (re)connect asks for: a sync cycle (sync-runner.ts gives it with the first connect). */
let syncNow: () => Promise<void> = () => Promise.resolve();

type AnyHandler = ServerToClientEvents[ServerEventName];
/** Socket listeners outlive the socket: each new socket (another token, a reconnect) gets them all. */
const realtimeHandlers = new Map<ServerEventName, Set<AnyHandler>>();

/** Listens to a socket event (chat typing); answers the function that stops listening. */
export function onRealtime<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  const handlers = realtimeHandlers.get(event) ?? new Set<AnyHandler>();
  realtimeHandlers.set(event, handlers);
  handlers.add(handler);
  socket?.on(event, handler as never);
  return () => {
    handlers.delete(handler);
    socket?.off(event, handler as never);
  };
}

/** Sends an ephemeral event (typing); dropped while disconnected, as it would be stale by the reconnect. */
export function emitRealtime<E extends ClientEventName>(event: E, ...payload: Parameters<ClientToServerEvents[E]>): void {
  if (socket?.connected) socket.emit(event, ...payload);
}

/**
 * The server ends a socket only when its account's session changed: signed out everywhere, a new password,
 * a new role, or the account disabled. The profile call tells which: a 401 drops the token (lib/api), so
 * the app shows the account signed out; otherwise the socket reconnects, in the rooms of the new role.
 */
async function recheckSession(closed: Socket): Promise<void> {
  if (readAuthToken()) await api('/users').catch(() => undefined);
  if (socket !== closed) return;
  socket = undefined;
  socketToken = null;
  connectSocket(syncNow);
}

/**
 * The socket of the sync token in use: pokes and reconnects ask `sync` for a cycle, chat events are stored
 * on the device. The same token keeps its socket (and its rooms); another token gets a new one.
 */
export function connectSocket(sync: () => Promise<void>): void {
  syncNow = sync;
  const token = syncToken();
  if (socket && token === socketToken) return;
  disconnectSocket();
  socketToken = token;
  if (!token) return;
  const opened: Socket<ServerToClientEvents, ClientToServerEvents> = io({ auth: { token }, transports: ['websocket'] });
  socket = opened;
  opened.on('connect', () => void wake().then(syncNow));
  opened.on('poke', () => void syncNow());
  opened.on('message', (message) => void storeIncomingMessage(message));
  opened.on('messagesRead', (event) => void storeMessagesRead(event, new Date().toISOString()));
  // Until the reconnect's 'connect', changes wait on the device as they would offline.
  opened.on('server-restart', () => setSyncState({ status: 'offline' }));
  opened.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') void recheckSession(opened);
  });
  for (const [event, handlers] of realtimeHandlers) for (const handler of handlers) opened.on(event, handler);
}

/** Closes the socket (signing out); the listeners stay for the next one. */
export function disconnectSocket(): void {
  socket?.disconnect();
  socket = undefined;
  socketToken = null;
}
