import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Conversation, Message } from '../../sync/schemas/chat';
import { chatDevice, loginGuest, startSupport, uploadChatImage } from './chat-fixtures';
import { expectError, imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

/** A conversation made on the device: its id is the client's, and its first message creates it on the server. */
describe('conversations with client-made ids', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.stop());

  const device = (token: string) => chatDevice(server.url, token);

  async function supportList(token: string): Promise<Conversation[]> {
    const res = await client(server.url, token).get<Conversation[]>('/api/messages/conversations/Support');
    expect(res.status).toBe(200);
    return res.body;
  }

  async function messagesOf(token: string, conversationId: string): Promise<Message[]> {
    const res = await client(server.url, token).get<{ messages: Message[] }>(`/api/messages/${conversationId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.messages;
  }

  it('a first message creates the conversation under the client id, owned by the sender, exactly once on replay', async () => {
    const email = `first.${randomUUID().slice(0, 8)}@example.com`;
    await registerUser(server.url, email, 'Secret-pass-1', 'First Writer');
    const token = await login(server.url, email, 'Secret-pass-1');
    const phone = device(token);
    const conversationId = randomUUID();
    const _id = randomUUID();
    const args = { _id, conversationId, content: 'Written at the airport', image: null, startAs: 'Support' as const };
    await phone.mutate.sendMessage(args);
    await phone.engine.sync();
    expect(await phone.store.outbox()).toEqual([]);
    expect(phone.conversations()).toMatchObject([{ _id: conversationId, type: 'Support', status: 'open', lastMessage: { content: 'Written at the airport' } }]);
    expect(phone.messages().map((m) => [m._id, m.conversationId])).toEqual([[_id, conversationId]]);

    // The same mutation again (a lost answer, another tab) and a second message that also says startAs.
    const raw = client(server.url, token);
    const replay = await raw.post<{ lastMutationId: number; results: unknown[] }>('/api/sync/push', {
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [
        { id: 1, name: 'sendMessage', args },
        { id: 2, name: 'sendMessage', args: { ...args, _id: randomUUID(), content: 'And again' } },
      ],
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.results).toEqual([]);
    expect((await supportList(token)).map((c) => c._id)).toEqual([conversationId]);
    expect((await messagesOf(token, conversationId)).map((m) => m.content)).toEqual(['Written at the airport', 'And again']);
    expect((await supportList(adminToken)).find((c) => c._id === conversationId)?.otherUser.fullName).toBe('First Writer');
  });

  it('a guest starts its conversation the same way', async () => {
    const guest = await loginGuest(server.url, 'Offline Guest');
    const phone = device(guest.token);
    const conversationId = randomUUID();
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId, content: 'Hello from a guest', image: null, startAs: 'Support' });
    await phone.engine.sync();
    expect(await phone.store.outbox()).toEqual([]);
    expect(phone.conversations().map((c) => [c._id, c.isGuest])).toEqual([[conversationId, true]]);
    expect((await messagesOf(adminToken, conversationId)).map((m) => [m.content, m.sender])).toEqual([['Hello from a guest', guest._id]]);
  });

  it('a first message may carry an image: it uploads under the new id, and the message starts the conversation', async () => {
    const guest = await loginGuest(server.url, 'Photo Guest');
    const conversationId = randomUUID();
    const image = await uploadChatImage(guest.api, conversationId);
    const phone = device(guest.token);
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId, content: '', image, startAs: 'Support' });
    await phone.engine.sync();
    expect(await phone.store.outbox()).toEqual([]);
    expect(phone.messages().map((m) => [m.conversationId, m.image])).toEqual([[conversationId, image]]);

    const owner = await loginGuest(server.url, 'Owner of Photos');
    const theirs = await startSupport(owner.api);
    const form = imageForm(await makeImage(50, 40), 'x.png', 'image/png', { kind: 'chat', conversationId: theirs._id });
    expectError(await guest.api.post('/api/images', form), 404, 'Conversation not found');
    const notUuid = imageForm(await makeImage(50, 41), 'x.png', 'image/png', { kind: 'chat', conversationId: 'no-such-conversation' });
    expectError(await guest.api.post('/api/images', notUuid), 404, 'Conversation not found');
  });

  it("a client id that is another user's conversation is refused, and nothing is written into it", async () => {
    const owner = await loginGuest(server.url, 'Owner Guest');
    const intruder = await loginGuest(server.url, 'Intruder Guest');
    const foreign = await startSupport(owner.api);
    const phone = device(intruder.token);
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId: foreign._id, content: 'let me in', image: null, startAs: 'Support' });
    await phone.engine.sync();
    expect((await phone.store.outbox()).map((r) => [r.state, r.lastError])).toEqual([['rejected', 'Conversation not found']]);
    expect(phone.conversations()).toEqual([]);
    expect(await messagesOf(owner.token, foreign._id)).toEqual([]);
    expect(await supportList(intruder.token)).toEqual([]);
  });

  it('admins start no conversation, and a new conversation id must be a UUID', async () => {
    const desk = device(adminToken);
    await desk.mutate.sendMessage({ _id: randomUUID(), conversationId: randomUUID(), content: 'from support', image: null, startAs: 'Support' });
    await desk.engine.sync();
    expect((await desk.store.outbox()).map((r) => r.lastError)).toEqual(["Admin can't contact support, you are Support"]);

    const guest = await loginGuest(server.url);
    const phone = device(guest.token);
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId: 'my-chat', content: 'hi', image: null, startAs: 'Support' });
    await phone.engine.sync();
    expect((await phone.store.outbox()).map((r) => r.state)).toEqual(['rejected']);
    expect(await supportList(guest.token)).toEqual([]);
  });
});
