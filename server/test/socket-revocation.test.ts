import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../services/identity/tokens';
import { createUser } from '../services/identity/users';
import { connect, heardEvent, loginGuest, send, serverDisconnect, sleep, startSupport, withId, type Listener } from './chat-fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';
import { sqliteOf, writeRaw } from './fixtures';

/** Long enough for any event already on its way over a local socket to have arrived. */
const SETTLE_MS = 250;

describe('sockets do not outlive their token', () => {
  let server: TestServer;
  let adminToken: string;
  const open: Listener[] = [];

  async function listen(token: string): Promise<Listener> {
    const listener = await connect(server.url, token);
    open.push(listener);
    return listener;
  }

  /** A second admin, so revoking its tokens leaves the main admin's alone. */
  async function extraAdmin(): Promise<{ id: string; token: string }> {
    const email = `admin.${randomUUID().slice(0, 8)}@skyway.test`;
    const row = await createUser(server.ctx, { email, password: 'Admin-two-pass-1', fullName: 'Second Admin' }, 'admin');
    return { id: row.id, token: await login(server.url, email, 'Admin-two-pass-1') };
  }

  /** Changes a user row from another connection, as another process would: no trigger of the server's connection fires. */
  function changeFromOutside(statement: string, ...params: unknown[]): void {
    const db = new Database(path.join(server.dataDir, 'airline.sqlite'));
    try {
      db.prepare(statement).run(...params);
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterEach(() => {
    for (const listener of open.splice(0)) listener.close();
  });
  afterAll(() => server.stop());

  it("an admin's socket is disconnected at sign-out everywhere and hears no support chat after it", async () => {
    const second = await extraAdmin();
    const revoked = await listen(second.token);
    const stays = await listen(adminToken);
    const guest = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const before = await send(guest.api, conversation._id, 'before the sign-out');
    await heardEvent(revoked, 'message', withId(before._id));

    const gone = serverDisconnect(revoked);
    expect((await client(server.url, second.token).post('/api/auths/logout-all')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const after = await send(guest.api, conversation._id, 'after the sign-out');
    await heardEvent(stays, 'message', withId(after._id));
    expect(revoked.heard.some((h) => h.event === 'message' && withId(after._id)(h.payload))).toBe(false);
    await expect(connect(server.url, second.token)).rejects.toThrow('Invalid token');
  });

  it('a password change, a deletion and a role change disconnect the sockets of that user only', async () => {
    const member = await makeAccount(server, { email: `m.${randomUUID().slice(0, 8)}@example.com`, fullName: 'Test User', confirmed: false });
    const memberSocket = await listen(member.token);
    const bystander = await listen(adminToken);
    const gone = serverDisconnect(memberSocket);
    const changed = await client(server.url, member.token).put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'Other-pass-2' });
    expect(changed.status).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const leaving = await makeAccount(server, { email: `d.${randomUUID().slice(0, 8)}@example.com`, fullName: 'Test User', confirmed: false });
    const leavingSocket = await listen(leaving.token);
    const deleted = serverDisconnect(leavingSocket);
    await writeRaw(server.ctx, 'delete from users where id = ?', leaving.id);
    expect(await deleted).toBe('io server disconnect');

    const demoted = await extraAdmin();
    const demotedSocket = await listen(demoted.token);
    const demotion = serverDisconnect(demotedSocket);
    await writeRaw(server.ctx, "update users set role = 'user' where id = ?", demoted.id);
    expect(await demotion).toBe('io server disconnect');

    await sleep(SETTLE_MS);
    expect(bystander.socket.connected).toBe(true);
  });

  it('a change that is rolled back disconnects no one', async () => {
    const guest = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const guestSocket = await listen(guest.token);
    const adminSocket = await listen(adminToken);
    const bump = sqliteOf(server.ctx).transaction(() => {
      sqliteOf(server.ctx).prepare('update users set token_version = token_version + 1 where id = ?').run(guest._id);
      throw new Error('rolled back');
    });
    expect(() => bump()).toThrow('rolled back');
    await sleep(SETTLE_MS);
    expect(guestSocket.socket.connected).toBe(true);
    guestSocket.socket.emit('typing', { conversationId: conversation._id });
    expect(await heardEvent(adminSocket, 'typing')).toMatchObject({ conversationId: conversation._id, userId: guest._id });
  });

  it('every event re-checks the token: a socket revoked from outside is disconnected at its next event, which goes nowhere', async () => {
    const guest = await loginGuest(server.url);
    const conversation = await startSupport(guest.api);
    const guestSocket = await listen(guest.token);
    const adminSocket = await listen(adminToken);
    changeFromOutside('update users set token_version = token_version + 1 where id = ?', guest._id);
    await sleep(SETTLE_MS);
    expect(guestSocket.socket.connected).toBe(true);

    const gone = serverDisconnect(guestSocket);
    guestSocket.socket.emit('typing', { conversationId: conversation._id });
    guestSocket.socket.emit('markAsRead', { conversationId: conversation._id });
    expect(await gone).toBe('io server disconnect');
    await sleep(SETTLE_MS);
    expect(adminSocket.heard.filter((h) => h.event === 'typing' || h.event === 'messagesRead')).toEqual([]);
  });

  it('a socket that stays silent is disconnected when its token expires', async () => {
    const guest = await loginGuest(server.url);
    const shortLived = signToken(server.ctx.jwtSecret, guest._id, 0, '2s');
    const socket = await listen(shortLived);
    expect(await serverDisconnect(socket)).toBe('io server disconnect');
    await expect(connect(server.url, shortLived)).rejects.toThrow('Invalid token');
  });
});
