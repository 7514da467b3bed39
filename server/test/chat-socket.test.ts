import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../sync/schemas/chat';
import { chatEvents, connect, heardEvent, loginGuest, send, sleep, startSupport, withId, type Guest, type Listener } from './chat-fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

/** Long enough for any event already on its way over a local socket to have arrived. */
const SETTLE_MS = 250;

describe('support chat over socket.io', () => {
  let server: TestServer;
  let adminToken: string;
  let admin: ReturnType<typeof client>;
  let adminId: string;
  const open: Listener[] = [];

  async function listen(token: string | undefined): Promise<Listener> {
    const listener = await connect(server.url, token);
    open.push(listener);
    return listener;
  }

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    admin = client(server.url, adminToken);
    adminId = (await admin.get<{ _id: string }>('/api/users')).body._id;
  });
  afterEach(() => {
    for (const listener of open.splice(0)) listener.close();
  });
  afterAll(() => server.stop());

  async function guestWithConversation(): Promise<{ guest: Guest; conversation: Conversation }> {
    const guest = await loginGuest(server.url);
    return { guest, conversation: await startSupport(guest.api) };
  }

  it('refuses a socket without a token, with a forged one and with a revoked one', async () => {
    await expect(connect(server.url, undefined)).rejects.toThrow('Invalid token');
    await expect(connect(server.url, 'not-a-token')).rejects.toThrow('Invalid token');
    const forged = adminToken.slice(0, -4) + (adminToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await expect(connect(server.url, forged)).rejects.toThrow('Invalid token');
    const member = await registerUser(server.url, `s.${randomUUID().slice(0, 6)}@example.com`);
    expect((await client(server.url, member.token).post('/api/auths/logout-all')).status).toBe(200);
    await expect(connect(server.url, member.token)).rejects.toThrow('Invalid token');
  });

  it('delivers messages both ways, to the conversation user and the admins only', async () => {
    const { guest, conversation } = await guestWithConversation();
    const guestSocket = await listen(guest.token);
    const adminSocket = await listen(adminToken);
    const bystander = await listen((await loginGuest(server.url)).token);

    const question = await send(guest.api, conversation._id, 'Is my flight on time?');
    expect(await heardEvent(adminSocket, 'message', withId(question._id))).toEqual(question);
    expect(await heardEvent(guestSocket, 'message', withId(question._id))).toEqual(question);

    const answer = await send(admin, conversation._id, 'Yes, it departs on time.');
    expect(await heardEvent(guestSocket, 'message', withId(answer._id))).toEqual(answer);
    expect(answer).toMatchObject({ sender: adminId, conversationId: conversation._id });
    await heardEvent(guestSocket, 'poke');

    await sleep(SETTLE_MS);
    expect(bystander.heard).toEqual([]);
  });

  it('a socket that says login with another user id hears nothing of theirs', async () => {
    const { guest, conversation } = await guestWithConversation();
    const victim = await listen(guest.token);
    const intruder = await listen((await loginGuest(server.url)).token);
    intruder.socket.emit('login', guest._id);
    intruder.socket.emit('login', { userId: guest._id });
    const adminSocket = await listen(adminToken);
    await sleep(SETTLE_MS);

    const question = await send(guest.api, conversation._id, 'private question');
    const answer = await send(admin, conversation._id, 'private answer');
    adminSocket.socket.emit('typing', { conversationId: conversation._id });
    adminSocket.socket.emit('markAsRead', { conversationId: conversation._id });
    await heardEvent(victim, 'message', withId(answer._id));
    await heardEvent(victim, 'typing');
    await heardEvent(victim, 'messagesRead');
    await heardEvent(adminSocket, 'message', withId(question._id));

    await sleep(SETTLE_MS);
    expect(intruder.heard).toEqual([]);
  });

  it('typing and read events reach the participants and admins only, with the user id from the token', async () => {
    const { guest, conversation } = await guestWithConversation();
    const guestSocket = await listen(guest.token);
    const adminSocket = await listen(adminToken);
    const other = await loginGuest(server.url);
    const otherSocket = await listen(other.token);

    guestSocket.socket.emit('typing', { conversationId: conversation._id, userId: 'someone-else' });
    expect(await heardEvent(adminSocket, 'typing')).toEqual({ conversationId: conversation._id, isTyping: true, userId: guest._id });
    guestSocket.socket.emit('stopTyping', { conversationId: conversation._id });
    expect(await heardEvent(adminSocket, 'typing', (p) => (p as { isTyping: boolean }).isTyping === false)).toEqual({
      conversationId: conversation._id,
      isTyping: false,
      userId: guest._id,
    });
    adminSocket.socket.emit('typing', { conversationId: conversation._id });
    expect(await heardEvent(guestSocket, 'typing')).toEqual({ conversationId: conversation._id, isTyping: true, userId: adminId });

    // Another guest may neither announce typing in nor mark read a conversation that is not theirs.
    await send(admin, conversation._id, 'unread by the guest');
    otherSocket.socket.emit('typing', { conversationId: conversation._id });
    otherSocket.socket.emit('markAsRead', { conversationId: conversation._id });
    otherSocket.socket.emit('typing', 'garbage');
    otherSocket.socket.emit('markAsRead', { conversationId: 42 });
    await sleep(SETTLE_MS);
    expect(chatEvents(adminSocket).filter((h) => h.event === 'typing')).toHaveLength(2);
    expect((await guest.api.get<Conversation[]>('/api/messages/conversations/Support')).body[0]?.unreadCount).toBe(1);

    guestSocket.socket.emit('markAsRead', { conversationId: conversation._id });
    expect(await heardEvent(adminSocket, 'messagesRead')).toEqual({ conversationId: conversation._id, userId: guest._id });
    expect(await heardEvent(guestSocket, 'messagesRead')).toEqual({ conversationId: conversation._id, userId: guest._id });
    expect((await guest.api.get<Conversation[]>('/api/messages/conversations/Support')).body[0]?.unreadCount).toBe(0);

    await sleep(SETTLE_MS);
    expect(
      chatEvents(guestSocket)
        .filter((h) => h.event === 'typing')
        .map((h) => (h.payload as { userId: string }).userId),
    ).toEqual([adminId]);
    expect(otherSocket.heard).toEqual([]);
  });

  it('a message sent through the sync outbox is delivered and stored once however often it is replayed', async () => {
    const { guest, conversation } = await guestWithConversation();
    const adminSocket = await listen(adminToken);
    const clientId = randomUUID();
    const _id = randomUUID();
    const args = { _id, conversationId: conversation._id, content: 'sent from the outbox', image: null };
    const push = (id: number) =>
      guest.api.post<{ lastMutationId: number }>('/api/sync/push', { clientId, schemaVersion: 1, mutations: [{ id, name: 'sendMessage', args }] });
    expect((await push(1)).body.lastMutationId).toBe(1);
    expect(await heardEvent(adminSocket, 'message', withId(_id))).toMatchObject({ content: 'sent from the outbox', sender: guest._id });
    expect((await push(1)).body.lastMutationId).toBe(1);
    expect((await push(2)).body).toMatchObject({ lastMutationId: 2, results: [] });
    await sleep(SETTLE_MS);
    expect(chatEvents(adminSocket).filter((h) => h.event === 'message')).toHaveLength(1);
    const page = await admin.get<{ messages: { _id: string }[] }>(`/api/messages/${conversation._id}`);
    expect(page.body.messages.map((m) => m._id)).toEqual([_id]);
  });

  it('changes poke the conversation user and the admins, and nobody else', async () => {
    const { guest, conversation } = await guestWithConversation();
    const guestSocket = await listen(guest.token);
    const adminSocket = await listen(adminToken);
    const bystander = await listen((await loginGuest(server.url)).token);
    await sleep(SETTLE_MS);

    await Promise.all(['one', 'two', 'three'].map((text) => send(guest.api, conversation._id, text)));
    await sleep(SETTLE_MS);

    const pokes = (listener: Listener) => listener.heard.filter((h) => h.event === 'poke').length;
    expect(pokes(guestSocket)).toBeGreaterThanOrEqual(1);
    expect(pokes(adminSocket)).toBeGreaterThanOrEqual(1);
    expect(pokes(bystander)).toBe(0);
  });
});
