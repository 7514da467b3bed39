import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, heardEvent, loginGuest, send, sleep, startSupport, withId, type Listener } from './chat-fixtures';
import { signToken } from '../services/identity/tokens';
import { expectErrorShape, readDb } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer } from './harness';
import { startPair, type Pair } from './redis-fixtures';

/** Long enough for any event already on its way through Redis to have arrived. */
const SETTLE_MS = 300;

describe('socket.io across two processes through Redis', () => {
  let pair: Pair;
  let adminToken: string;
  const open: Listener[] = [];

  async function listen(url: string, token: string): Promise<Listener> {
    const listener = await connect(url, token);
    open.push(listener);
    return listener;
  }

  beforeAll(async () => {
    pair = await startPair();
    adminToken = await login(pair.a.url, ADMIN.email, ADMIN.password);
  });
  afterEach(() => {
    for (const listener of open.splice(0)) listener.close();
  });
  afterAll(() => pair.stop());

  it('a support reply sent through server A reaches the guest and an admin connected to server B, and no other user', async () => {
    const guest = await loginGuest(pair.a.url);
    const conversation = await startSupport(guest.api);
    const guestOnB = await listen(pair.b.url, guest.token);
    const adminOnB = await listen(pair.b.url, adminToken);
    const bystander = await listen(pair.b.url, (await loginGuest(pair.b.url)).token);

    const answer = await send(client(pair.a.url, adminToken), conversation._id, 'Answered by a process you are not connected to');
    expect(await heardEvent(guestOnB, 'message', withId(answer._id))).toEqual(answer);
    expect(await heardEvent(adminOnB, 'message', withId(answer._id))).toEqual(answer);
    await heardEvent(guestOnB, 'poke');
    await sleep(SETTLE_MS);
    expect(bystander.heard).toEqual([]);
    expect(guestOnB.heard.filter((h) => h.event === 'message')).toHaveLength(1);
  });

  it("server A's realtime port pokes a user's sockets on server B; typing on A reaches the conversation on B", async () => {
    const member = await registerUser(pair.b.url, `poked.${Date.now()}@example.com`);
    const memberOnB = await listen(pair.b.url, member.token);
    const bystander = await listen(pair.b.url, (await loginGuest(pair.b.url)).token);
    pair.a.ctx.realtime.poke([member.id]);
    await heardEvent(memberOnB, 'poke');

    const guest = await loginGuest(pair.b.url);
    const conversation = await startSupport(guest.api);
    const guestOnB = await listen(pair.b.url, guest.token);
    const adminOnA = await listen(pair.a.url, adminToken);
    adminOnA.socket.emit('typing', { conversationId: conversation._id });
    expect(await heardEvent(guestOnB, 'typing')).toMatchObject({ conversationId: conversation._id, isTyping: true });
    await sleep(SETTLE_MS);
    expect(bystander.heard).toEqual([]);
  });

  it('whether a user is connected is answered for the sockets of both servers', async () => {
    const guest = await loginGuest(pair.a.url);
    const other = await loginGuest(pair.a.url);
    expect(await pair.a.ctx.realtime.isConnected(guest._id)).toBe(false);
    const guestOnB = await listen(pair.b.url, guest.token);
    expect(await pair.a.ctx.realtime.isConnected(guest._id)).toBe(true);
    expect(pair.a.ctx.realtime.isConnectedHere(guest._id)).toBe(false);
    expect(await pair.b.ctx.realtime.isConnected(guest._id)).toBe(true);
    expect(await pair.a.ctx.realtime.isConnected(other._id)).toBe(false);

    guestOnB.close();
    for (let i = 0; i < 100 && (await pair.a.ctx.realtime.isConnected(guest._id)); i++) await sleep(20);
    expect(await pair.a.ctx.realtime.isConnected(guest._id)).toBe(false);
  });
});

describe('with Redis away', () => {
  it('the server still serves and its own sockets still hear it; limited routes answer an error; it shuts down', async () => {
    const server = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      expect((await client(server.url).get('/api/airports')).status).toBe(200);
      expectErrorShape(await client(server.url).post('/api/bookings/track', { bookingId: 'ZZZZZZ', email: 'a@example.com' }), 500);
      const admin = readDb(
        server,
        (db) => db.prepare('select id, token_version as version from users where email = ?').get(ADMIN.email) as { id: string; version: number },
      );
      const adminSocket = await connect(server.url, signToken(server.ctx.jwtSecret, admin.id, admin.version));
      try {
        server.ctx.realtime.poke([]);
        await heardEvent(adminSocket, 'poke');
        expect(await server.ctx.realtime.isConnected('nobody')).toBe(false);
      } finally {
        adminSocket.close();
      }
    } finally {
      await server.stop();
    }
  });
});
