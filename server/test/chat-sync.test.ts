import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_TABLES } from '../../sync/protocol';
import { chatDevice, loginGuest, send, startSupport } from './chat-fixtures';
import { ADMIN, login, startTestServer, TRAVELLER, type TestServer } from './harness';

describe('support chat in the sync pull and push', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.stop());

  const device = (token: string) => chatDevice(server.url, token);

  it('a guest device syncs its own conversation and messages and nothing else', async () => {
    const guest = await loginGuest(server.url, 'Sync Guest');
    const other = await loginGuest(server.url, 'Other Guest');
    const conversation = await startSupport(guest.api);
    const otherConversation = await startSupport(other.api);
    await send(guest.api, conversation._id, 'from REST');
    await send(other.api, otherConversation._id, 'not for the first guest');

    const phone = device(guest.token);
    await phone.engine.sync();
    expect(phone.engine.currentStatus).toBe('idle');
    for (const table of SYNC_TABLES.filter((t) => t !== 'conversations' && t !== 'messages')) expect(phone.store.tables[table].size, table).toBe(0);
    expect(phone.conversations().map((c) => c._id)).toEqual([conversation._id]);
    expect(phone.messages().map((m) => m.content)).toEqual(['from REST']);

    const _id = randomUUID();
    await phone.mutate.sendMessage({ _id, conversationId: conversation._id, content: 'from the outbox', image: null });
    await phone.engine.sync();
    expect(await phone.store.outbox()).toEqual([]);
    expect(phone.messages().find((m) => m._id === _id)).toMatchObject({ content: 'from the outbox', sender: guest._id, readAt: null });
    expect(phone.conversations()[0]).toMatchObject({ lastMessage: { content: 'from the outbox' }, unreadCount: 0 });
  });

  it('a guest may push only chat mutations, and only into its own conversation', async () => {
    const guest = await loginGuest(server.url);
    const other = await loginGuest(server.url);
    const foreign = await startSupport(other.api);
    const phone = device(guest.token);
    await phone.mutate.updateProfile({ fullName: 'Hijack', email: TRAVELLER.email });
    await phone.mutate.cancelBooking({ bookingId: 'anything' });
    await phone.mutate.sendMessage({ _id: randomUUID(), conversationId: foreign._id, content: 'let me in', image: null });
    await phone.mutate.markConversationRead({ conversationId: foreign._id });
    await phone.engine.sync();
    expect((await phone.store.outbox()).map((r) => [r.name, r.state, r.lastError])).toEqual([
      ['updateProfile', 'rejected', 'You are not allowed to do this'],
      ['cancelBooking', 'rejected', 'You are not allowed to do this'],
      ['sendMessage', 'rejected', 'Conversation not found'],
      ['markConversationRead', 'rejected', 'Conversation not found'],
    ]);
    expect(phone.conversations()).toEqual([]);
  });

  it('admins sync every support conversation with unread counts; a read on one device reaches the other side', async () => {
    const guest = await loginGuest(server.url, 'Read Receipt');
    const conversation = await startSupport(guest.api);
    const phone = device(guest.token);
    const desk = device(adminToken);
    const traveller = device(await login(server.url, TRAVELLER.email, TRAVELLER.password));
    await Promise.all([phone.engine.sync(), desk.engine.sync(), traveller.engine.sync()]);

    const question = randomUUID();
    await phone.mutate.sendMessage({ _id: question, conversationId: conversation._id, content: 'Where is my receipt?', image: null });
    await phone.engine.sync();
    await desk.engine.sync();
    const seen = desk.conversations().find((c) => c._id === conversation._id);
    expect(seen).toMatchObject({ otherUser: { _id: guest._id, fullName: 'Read Receipt' }, isGuest: true, unreadCount: 1 });
    expect(desk.messages().find((m) => m._id === question)?.readAt).toBeNull();

    await desk.mutate.markConversationRead({ conversationId: conversation._id });
    const reply = randomUUID();
    await desk.mutate.sendMessage({ _id: reply, conversationId: conversation._id, content: 'In your dashboard.', image: null });
    await desk.engine.sync();
    expect(desk.conversations().find((c) => c._id === conversation._id)).toMatchObject({ unreadCount: 0, lastMessage: { content: 'In your dashboard.' } });

    await phone.engine.sync();
    expect(phone.messages().find((m) => m._id === question)?.readAt).toEqual(expect.any(String));
    expect(phone.conversations()[0]?.unreadCount).toBe(1);
    await phone.mutate.markConversationRead({ conversationId: conversation._id });
    await phone.engine.sync();
    expect(phone.conversations()[0]?.unreadCount).toBe(0);

    await traveller.engine.sync();
    expect(traveller.conversations()).toEqual([]);
    expect(traveller.messages()).toEqual([]);
    expect(traveller.store.tables.bookings.size).toBe(4);
  });
});
