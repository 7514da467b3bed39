import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, MessagePage } from '../../sync/schemas/chat';
import { messages } from '../db/schema';
import { setRateLimits } from '../middleware/rate-limits';
import { loginGuest, send, startSupport, uploadChatImage } from './chat-fixtures';
import { expectError, expectInvalid } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';
import { listConversations } from '../services/chat/chat';
import { findUserByEmail } from '../services/identity/users';
import { messagesDuring } from './pg-messages';
import { statementsRun } from './statements-run';

describe('support chat over REST', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let adminId: string;
  let anonymous: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer();
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    admin = client(server.url, token);
    adminId = (await admin.get<{ _id: string }>('/api/users')).body._id;
    anonymous = client(server.url);
  });
  afterAll(() => server.stop());

  const messageCount = async (id: string) => (await server.ctx.db.select({ n: count() }).from(messages).where(eq(messages.id, id)))[0]?.n;
  const adminView = async (conversationId: string) => {
    const list = await admin.get<Conversation[]>('/api/messages/conversations/Support');
    expect(list.status).toBe(200);
    const found = list.body.find((c) => c._id === conversationId);
    if (!found) throw new Error(`conversation ${conversationId} is not in the admin list`);
    return found;
  };

  it('each guest log-in is a new identity: the same e-mail never opens the earlier history', async () => {
    const email = `same.${randomUUID().slice(0, 6)}@example.com`;
    const first = await loginGuest(server.url, 'Grace Hopper', email);
    expect(first).toMatchObject({ fullName: 'Grace Hopper', email });
    const conversation = await startSupport(first.api);
    await send(first.api, conversation._id, 'My passport number is P1234567');

    const second = await loginGuest(server.url, 'Grace Hopper', email);
    expect(second._id).not.toBe(first._id);
    expect(second.token).not.toBe(first.token);
    expect((await second.api.get<Conversation[]>('/api/messages/conversations/Support')).body).toEqual([]);
    expectError(await second.api.get(`/api/messages/${conversation._id}`), 404, 'Conversation not found');
    const fresh = await startSupport(second.api);
    expect(fresh._id).not.toBe(conversation._id);
    expect((await second.api.get<MessagePage>(`/api/messages/${fresh._id}`)).body).toEqual({ messages: [], hasMore: false });
  });

  it('a guest e-mail collides with no account, and a guest token opens no account routes', async () => {
    const email = `later.${randomUUID().slice(0, 6)}@example.com`;
    const guest = await loginGuest(server.url, 'Later Member', email);
    await registerUser(server.url, email);
    const again = await loginGuest(server.url, 'Later Member', email);
    expect(again._id).not.toBe(guest._id);
    expectError(await guest.api.get('/api/users'), 401, 'Please sign in to continue');
    expectError(await guest.api.get('/api/bookings/user'), 401, 'Please sign in to continue');
    expectError(await client(server.url).post('/api/auths/login', { email, password: '' }), 400, 'Password is required');
  });

  it('guest log-in asks for a full name and an e-mail with the form texts', async () => {
    expectInvalid(await anonymous.post('/api/users/login-guest', { email: 'a@example.com', fullName: ' ' }), 'Please enter your full name');
    expectInvalid(await anonymous.post('/api/users/login-guest', { fullName: 'Ann' }), 'Please enter your email');
    expectInvalid(await anonymous.post('/api/users/login-guest', { fullName: 'Ann', email: 'not-an-email' }), 'A valid email is required');
  });

  it('start answers the open conversation or a new one; an admin is told they are support', async () => {
    const guest = await loginGuest(server.url);
    const created = await guest.api.post<Conversation>('/api/messages/conversations/start', { type: 'Support' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'Support',
      status: 'open',
      otherUser: { fullName: 'SkyWay Support' },
      isGuest: true,
      lastMessage: null,
      unreadCount: 0,
      userId: guest._id,
    });
    const again = await guest.api.post<Conversation>('/api/messages/conversations/start', {});
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(created.body._id);
    expectError(await admin.post('/api/messages/conversations/start', { type: 'Support' }), 403, "Admin can't contact support, you are Support");
    expectError(await anonymous.post('/api/messages/conversations/start', { type: 'Support' }), 401, 'Please sign in to continue');

    expect((await admin.put(`/api/messages/conversations/${created.body._id}/status`, { status: 'resolved' })).status).toBe(200);
    const next = await startSupport(guest.api);
    expect(next._id).not.toBe(created.body._id);
  });

  it('a message needs text or an image and only participants may post', async () => {
    const guest = await loginGuest(server.url);
    const other = await loginGuest(server.url);
    const traveller = client(
      server.url,
      (await makeAccount(server, { email: `t.${randomUUID().slice(0, 6)}@example.com`, fullName: 'Test User', confirmed: false })).token,
    );
    const conversation = await startSupport(guest.api);

    expectInvalid(await guest.api.post('/api/messages/send', { conversationId: conversation._id, content: '   ' }), 'A message needs text or an image');
    expectError(await other.api.post('/api/messages/send', { conversationId: conversation._id, content: 'let me in' }), 404, 'Conversation not found');
    expectError(await traveller.post('/api/messages/send', { conversationId: conversation._id, content: 'let me in' }), 404, 'Conversation not found');
    expectError(await anonymous.post('/api/messages/send', { conversationId: conversation._id, content: 'hi' }), 401, 'Please sign in to continue');
    expectError(await guest.api.post('/api/messages/send', { conversationId: 'no-such-conversation', content: 'hi' }), 404, 'Conversation not found');
    expectError(await other.api.get(`/api/messages/${conversation._id}`), 404, 'Conversation not found');
    expectError(await anonymous.get(`/api/messages/${conversation._id}`), 401, 'Please sign in to continue');

    const markup = '<b>bold</b> <script>alert(1)</script> & "quotes"';
    const sent = await send(guest.api, conversation._id, markup);
    expect(sent).toMatchObject({ conversationId: conversation._id, sender: guest._id, content: markup, image: null, type: 'Support', readAt: null });
    const reply = await send(admin, conversation._id, 'Hello from support');
    expect(reply.sender).toBe(adminId);
    const page = await guest.api.get<MessagePage>(`/api/messages/${conversation._id}`);
    expect(page.body.messages.map((m) => m.content)).toEqual([markup, 'Hello from support']);
    expect((await admin.get<MessagePage>(`/api/messages/${conversation._id}`)).body.messages).toHaveLength(2);
    expect((await other.api.get<Conversation[]>('/api/messages/conversations/Support')).body).toEqual([]);
  });

  it('an image message carries only the sender own chat image; the other party may read it, nobody else', async () => {
    const guest = await loginGuest(server.url);
    const other = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const foreign = await uploadChatImage(other.api, (await startSupport(other.api))._id, 1);
    expectError(await guest.api.post('/api/messages/send', { conversationId: conversation._id, content: '', image: foreign }), 400, 'No image found');

    const mine = await uploadChatImage(guest.api, conversation._id, 2);
    expectError(await other.api.get(mine), 404, 'Image not found');
    const photo = await send(guest.api, conversation._id, '', { image: mine });
    expect(photo.image).toBe(mine);
    expect((await admin.get(mine)).status).toBe(200);
    expectError(await other.api.get(mine), 404, 'Image not found');
    expectError(await anonymous.get(mine), 401, 'Please sign in to continue');

    const adminPhoto = await uploadChatImage(admin, conversation._id, 3);
    expectError(await guest.api.get(adminPhoto), 404, 'Image not found');
    await send(admin, conversation._id, 'Here is the seat map', { image: adminPhoto });
    const read = await guest.api.get(adminPhoto);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expectError(await other.api.get(adminPhoto), 404, 'Image not found');
  });

  it('a replayed send with the same id stores one message, also when the replays race', async () => {
    const guest = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const _id = randomUUID();
    const body = { _id, conversationId: conversation._id, content: 'Only once, please', type: 'Support' };
    const answers = await Promise.all([1, 2, 3].map(() => guest.api.post<Message>('/api/messages/send', body)));
    const replay = await guest.api.post<Message>('/api/messages/send', body);
    expect([...answers, replay].map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    for (const answer of [...answers, replay]) expect(answer.body).toEqual(answers[0]?.body);
    expect(await messageCount(_id)).toBe(1);
    expectError(await admin.post('/api/messages/send', body), 409, 'This message id is already in use');
    expect((await guest.api.get<MessagePage>(`/api/messages/${conversation._id}`)).body.messages).toHaveLength(1);
  });

  it('messages page backwards with before and limit, in the order they were sent even within one millisecond', async () => {
    const guest = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    server.setNow(new Date('2030-01-02T10:00:00.000Z'));
    try {
      for (const n of [1, 2, 3, 4, 5]) await send(guest.api, conversation._id, `message ${n}`);
    } finally {
      server.setNow(new Date());
    }
    const all = (await guest.api.get<MessagePage>(`/api/messages/${conversation._id}`)).body.messages;
    expect(all.map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
    expect(new Set(all.map((m) => m.createdAt)).size).toBe(5);

    const newest = (await guest.api.get<MessagePage>(`/api/messages/${conversation._id}?limit=2`)).body;
    expect(newest.messages.map((m) => m.content)).toEqual(['message 4', 'message 5']);
    expect(newest.hasMore).toBe(true);
    const before = encodeURIComponent(newest.messages[0]?.createdAt ?? '');
    const older = (await guest.api.get<MessagePage>(`/api/messages/${conversation._id}?limit=2&before=${before}`)).body;
    expect(older.messages.map((m) => m.content)).toEqual(['message 2', 'message 3']);
    const oldest = (
      await guest.api.get<MessagePage>(`/api/messages/${conversation._id}?limit=2&before=${encodeURIComponent(older.messages[0]?.createdAt ?? '')}`)
    ).body;
    expect(oldest).toMatchObject({ hasMore: false, messages: [{ content: 'message 1' }] });
    expectInvalid(await guest.api.get(`/api/messages/${conversation._id}?limit=1000`), 'Too big: expected number to be <=100');
  });

  it('admins list every support conversation with the other user, guest flag, last message and unread count; reading clears it', async () => {
    const guest = await loginGuest(server.url, 'Lin Guest');
    const member = await makeAccount(server, { email: `m.${randomUUID().slice(0, 6)}@example.com`, fullName: 'Mia Member', confirmed: false });
    const memberApi = client(server.url, member.token);
    const guestConversation = await startSupport(guest.api);
    const memberConversation = await startSupport(memberApi);
    await send(guest.api, guestConversation._id, 'first question');
    await send(guest.api, guestConversation._id, 'a second, longer question about baggage');
    await send(memberApi, memberConversation._id, 'member question');

    expect(await adminView(guestConversation._id)).toMatchObject({
      otherUser: { _id: guest._id, fullName: 'Lin Guest' },
      isGuest: true,
      status: 'open',
      unreadCount: 2,
      lastMessage: { content: 'a second, longer question about baggage' },
    });
    expect(await adminView(memberConversation._id)).toMatchObject({ otherUser: { _id: member.id, fullName: 'Mia Member' }, isGuest: false, unreadCount: 1 });
    const memberList = (await memberApi.get<Conversation[]>('/api/messages/conversations/Support')).body;
    expect(memberList.map((c) => c._id)).toEqual([memberConversation._id]);
    expect(memberList[0]).toMatchObject({ otherUser: { _id: 'support', fullName: 'SkyWay Support' }, unreadCount: 0 });

    expectError(await memberApi.put(`/api/messages/conversations/${guestConversation._id}/read`), 404, 'Conversation not found');
    expect((await adminView(guestConversation._id)).unreadCount).toBe(2);
    expect((await admin.put(`/api/messages/conversations/${guestConversation._id}/read`)).body).toEqual({ conversationId: guestConversation._id, marked: 2 });
    expect((await adminView(guestConversation._id)).unreadCount).toBe(0);

    const reply = await send(admin, guestConversation._id, 'We can help with that');
    const guestList = async () => (await guest.api.get<Conversation[]>('/api/messages/conversations/Support')).body[0];
    expect(await guestList()).toMatchObject({ unreadCount: 1, lastMessage: { content: 'We can help with that' } });
    expect((await admin.put(`/api/messages/conversations/${guestConversation._id}/read`)).body).toMatchObject({ marked: 0 });
    expect((await guest.api.put(`/api/messages/conversations/${guestConversation._id}/read`)).body).toMatchObject({ marked: 1 });
    expect(await guestList()).toMatchObject({ unreadCount: 0 });
    const stored = (await guest.api.get<MessagePage>(`/api/messages/${guestConversation._id}`)).body.messages.find((m) => m._id === reply._id);
    expect(stored?.readAt).toEqual(expect.any(String));
    expectInvalid(await admin.get('/api/messages/conversations/Other'), 'Unknown conversation type');
  });

  it('the admins’ list comes a page at a time, latest activity first, with the whole count', async () => {
    const started: string[] = [];
    for (const text of ['first', 'second', 'third']) {
      const member = client(server.url, (await makeAccount(server, { email: `p.${randomUUID().slice(0, 6)}@example.com`, fullName: 'Paging User' })).token);
      const conversation = await startSupport(member);
      await send(member, conversation._id, `Paging ${text}`);
      started.push(conversation._id);
    }
    const page = async (n: number) => {
      const res = await admin.get<Conversation[]>(`/api/messages/conversations/Support?limit=2&page=${n}`);
      expect(res.status).toBe(200);
      return { ids: res.body.map((c) => c._id), total: Number(res.headers.get('x-total-count')) };
    };
    const listed: string[] = [];
    const totals = new Set<number>();
    for (let n = 1, more = true; more; n++) {
      const { ids, total } = await page(n);
      listed.push(...ids);
      totals.add(total);
      more = ids.length === 2;
    }
    expect([...totals]).toEqual([listed.length]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((id) => started.includes(id))).toEqual([...started].reverse());
    expectInvalid(await admin.get('/api/messages/conversations/Support?limit=101'), 'Too big: expected number to be <=100');
    expectInvalid(await admin.get('/api/messages/conversations/Support?page=0'), 'Too small: expected number to be >=1');
  });

  it('a page of the list is read in the same few statements however many conversations it holds', async () => {
    const adminRow = await findUserByEmail(server.ctx.db, ADMIN.email);
    if (!adminRow) throw new Error('no admin');
    const list = (limit: number) => listConversations(server.ctx, adminRow, 'Support', { page: 1, limit });
    expect((await list(100)).items.length).toBeGreaterThan(3);
    const { sqlite } = server.ctx.database;
    // On PostgreSQL only the list's own tables count: the pool also serves the server's timers.
    const ownTables = /"(conversations|messages|users)"/;
    const statements = (work: () => Promise<unknown>) =>
      sqlite ? statementsRun(sqlite, work) : messagesDuring(work).then((sent) => sent.filter((s) => ownTables.test(s.text)).length);
    const one = await statements(() => list(1));
    expect(one).toBeGreaterThanOrEqual(4);
    expect(await statements(() => list(100))).toBe(one);
  });

  it('admins resolve and reopen; a new message reopens a resolved conversation; nobody else may', async () => {
    const guest = await loginGuest(server.url);
    const member = client(
      server.url,
      (await makeAccount(server, { email: `r.${randomUUID().slice(0, 6)}@example.com`, fullName: 'Test User', confirmed: false })).token,
    );
    const conversation = await startSupport(guest.api);
    await send(guest.api, conversation._id, 'A first question');
    const path = `/api/messages/conversations/${conversation._id}/status`;
    expectError(await guest.api.put(path, { status: 'resolved' }), 401, 'Please sign in to continue');
    expectError(await member.put(path, { status: 'resolved' }), 403, 'You are not allowed to do this');
    expectInvalid(await admin.put(path, { status: 'closed' }), "Status must be 'open' or 'resolved'");

    expect((await admin.put<Conversation>(path, { status: 'resolved' })).body.status).toBe('resolved');
    expect((await adminView(conversation._id)).status).toBe('resolved');
    await send(guest.api, conversation._id, 'One more thing');
    expect((await adminView(conversation._id)).status).toBe('open');
    expect((await admin.put<Conversation>(path, { status: 'resolved' })).body.status).toBe('resolved');
    expect((await admin.put<Conversation>(path, { status: 'open' })).body.status).toBe('open');
  });

  it('sending is rate-limited per caller with the product error shape', async () => {
    const guest = await loginGuest(server.url);
    const other = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const otherConversation = await startSupport(other.api);
    setRateLimits(server.ctx, { chatSend: 2 });
    try {
      await send(guest.api, conversation._id, 'one');
      await send(guest.api, conversation._id, 'two');
      expectError(
        await guest.api.post('/api/messages/send', { conversationId: conversation._id, content: 'three' }),
        429,
        'You are sending messages too quickly. Please wait a minute and try again.',
      );
      await send(other.api, otherConversation._id, 'each caller is counted on its own');
    } finally {
      setRateLimits(server.ctx, { chatSend: 1_000 });
    }
  });
});
