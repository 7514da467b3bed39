import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../sync/schemas/chat';
import { chatDevice, loginGuest, send, startSupport, uploadChatImage } from './chat-fixtures';
import { readDb, writeRaw } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

/** A conversation starts with its first message (product rules §9.6); support sees who wrote, with the e-mail (product rules §9.7). */
describe('the support inbox', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.stop());

  async function supportList(token: string): Promise<Conversation[]> {
    const res = await client(server.url, token).get<Conversation[]>('/api/messages/conversations/Support');
    expect(res.status).toBe(200);
    return res.body;
  }

  async function adminDeviceConversations(): Promise<Conversation[]> {
    const desk = chatDevice(server.url, adminToken);
    await desk.engine.sync();
    return desk.conversations();
  }

  const conversationRows = (userId: string) =>
    readDb(server, (db) => db.prepare('select id from conversations where user_id = ?').all(userId) as { id: string }[]).map((r) => r.id);

  it('a conversation started over REST is listed and synced to nobody until its first message, and start answers it again', async () => {
    const email = `quiet.${randomUUID().slice(0, 8)}@example.com`;
    const guest = await loginGuest(server.url, 'Quiet Guest', email);
    const started = await startSupport(guest.api);
    expect((await startSupport(guest.api))._id).toBe(started._id);
    expect(conversationRows(guest._id)).toEqual([started._id]);

    expect((await supportList(adminToken)).map((c) => c._id)).not.toContain(started._id);
    expect((await adminDeviceConversations()).map((c) => c._id)).not.toContain(started._id);
    expect(await supportList(guest.token)).toEqual([]);
    const phone = chatDevice(server.url, guest.token);
    await phone.engine.sync();
    expect(phone.conversations()).toEqual([]);

    await send(guest.api, started._id, 'Now I have a question');
    const listed = (await supportList(adminToken)).find((c) => c._id === started._id);
    expect(listed).toMatchObject({ otherUser: { _id: guest._id, fullName: 'Quiet Guest', email }, isGuest: true, status: 'open', unreadCount: 1 });
    expect((await adminDeviceConversations()).find((c) => c._id === started._id)?.otherUser).toEqual({ _id: guest._id, fullName: 'Quiet Guest', email });
    await phone.engine.sync();
    expect(phone.conversations().map((c) => c.otherUser)).toEqual([{ _id: 'support', fullName: 'SkyWay Support' }]);
  });

  it('a first message the server refuses leaves no conversation behind', async () => {
    const guest = await loginGuest(server.url, 'Refused Guest');
    const other = await loginGuest(server.url, 'Other Guest');
    const foreignImage = await uploadChatImage(other.api, randomUUID());
    const phone = chatDevice(server.url, guest.token);
    const conversationId = randomUUID();
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId, content: 'look', image: foreignImage, startAs: 'Support' });
    await phone.engine.sync();
    expect((await phone.store.outbox()).map((r) => [r.state, r.lastError])).toEqual([['rejected', 'No image found']]);
    expect(conversationRows(guest._id)).toEqual([]);
    expect(phone.conversations()).toEqual([]);
  });

  it('empty conversations left by an earlier version are listed and synced to nobody', async () => {
    const guest = await loginGuest(server.url, 'Old Guest');
    const id = randomUUID();
    const stamp = new Date().toISOString();
    await writeRaw(
      server.ctx,
      "insert into conversations (id, type, user_id, status, created_at, updated_at, version) values (?, 'Support', ?, 'open', ?, ?, 1)",
      id,
      guest._id,
      stamp,
      stamp,
    );
    expect((await supportList(adminToken)).map((c) => c._id)).not.toContain(id);
    expect((await adminDeviceConversations()).map((c) => c._id)).not.toContain(id);
    expect(await supportList(guest.token)).toEqual([]);
  });

  it("support sees a traveller's account e-mail and a guest's address as typed, never its stored form", async () => {
    const email = `member.${randomUUID().slice(0, 8)}@example.com`;
    const member = await registerUser(server.url, email, 'Secret-pass-1', 'Mia Member');
    const memberApi = client(server.url, member.token);
    await send(memberApi, (await startSupport(memberApi))._id, 'Where is my seat?');
    const guest = await loginGuest(server.url, 'Typed Guest', 'Typed.Guest@Example.com');
    await send(guest.api, (await startSupport(guest.api))._id, 'Hello');

    const list = await supportList(adminToken);
    expect(list.find((c) => c.userId === member.id)?.otherUser.email).toBe(email);
    expect(list.find((c) => c.userId === guest._id)?.otherUser.email).toBe(guest.email);
    expect(JSON.stringify(list)).not.toContain('guest:');
    expect(JSON.stringify(await adminDeviceConversations())).not.toContain('guest:');
  });
});
