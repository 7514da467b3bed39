import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import type { Conversation, GuestUser, Message } from '../../sync/schemas/chat';
import { mutatorsOf } from './device-queue';
import { imageForm, makeImage } from './fixtures';
import { client } from './harness';

export type Guest = GuestUser & { api: ReturnType<typeof client> };

export async function loginGuest(baseUrl: string, fullName = 'Grace Guest', email = `grace.${randomUUID().slice(0, 8)}@example.com`): Promise<Guest> {
  const res = await client(baseUrl).post<{ status: string; guestUser: GuestUser }>('/api/users/login-guest', { fullName, email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body.guestUser, api: client(baseUrl, res.body.guestUser.token) };
}

export async function startSupport(api: ReturnType<typeof client>): Promise<Conversation> {
  const res = await api.post<Conversation>('/api/messages/conversations/start', { type: 'Support' });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body;
}

export async function send(
  api: ReturnType<typeof client>,
  conversationId: string,
  content: string,
  extra: { _id?: string; image?: string } = {},
): Promise<Message> {
  const res = await api.post<Message>('/api/messages/send', { conversationId, content, type: 'Support', ...extra });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body;
}

/** Uploads a chat image for a conversation (guests must name one of theirs) and answers its URL. */
export async function uploadChatImage(api: ReturnType<typeof client>, conversationId: string, shade = 0): Promise<string> {
  const res = await api.post<{ imageUrl: string }>(
    '/api/images',
    imageForm(await makeImage(64 + shade, 48), 'photo.png', 'image/png', { kind: 'chat', conversationId }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.imageUrl;
}

/** A device that syncs chat as one token's user: its engine, store, mutators and synced conversations and messages. */
export function chatDevice(baseUrl: string, token: string) {
  const store = new MemoryStore(randomUUID());
  const engine = new SyncEngine({ store, transport: httpTransport(baseUrl, () => token) });
  const rows = <T>(table: 'conversations' | 'messages') => [...store.tables[table].values()] as T[];
  const mutate = mutatorsOf({ store, engine });
  return { store, engine, mutate, conversations: () => rows<Conversation>('conversations'), messages: () => rows<Message>('messages') };
}

export type Heard = { event: string; payload: unknown };

/** A connected socket that records every event it hears. */
export type Listener = { socket: Socket; heard: Heard[]; close: () => void };

export function connect(baseUrl: string, token: string | undefined): Promise<Listener> {
  const socket = io(baseUrl, { auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, heard, close: () => socket.disconnect() }));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Waits until a listener has heard an event matching `match`, and answers it. */
export async function heardEvent(listener: Listener, event: string, match: (payload: unknown) => boolean = () => true, timeoutMs = 3_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = listener.heard.find((h) => h.event === event && match(h.payload));
    if (found) return found.payload;
    await sleep(10);
  }
  throw new Error(`no '${event}' heard; heard: ${JSON.stringify(listener.heard.map((h) => h.event))}`);
}

/** Resolves with the reason once the server has disconnected the listener (at once if it already has). */
export function serverDisconnect(listener: Listener): Promise<string> {
  if (!listener.socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve) => listener.socket.once('disconnect', (reason) => resolve(reason)));
}

/** Events of these names a listener heard (pokes are content-free and ignored). */
export function chatEvents(listener: Listener): Heard[] {
  return listener.heard.filter((h) => h.event !== 'poke');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Matches a payload carrying this _id. */
export const withId = (id: string) => (payload: unknown) => typeof payload === 'object' && payload !== null && '_id' in payload && payload._id === id;
