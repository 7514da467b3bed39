import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:https';
import type { Socket } from 'node:net';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immediate } from '../db/client';
import { events, pushSubscriptions } from '../db/schema';
import { isPublicAddress, publicOnlyLookup, publicPushAgent } from '../services/push/push-network';
import { startSupport } from './chat-fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { outboxSettled, selfSigned } from './push-service';

/**
 * Issue #43: a push endpoint must never make the server connect to an internal address. A TLS listener on
 * 127.0.0.1:443 (where web-push would connect for an endpoint that reaches loopback) counts every
 * connection it gets; the app runs with its production push agent (ctx.pushAgent as start.ts makes it).
 */
describe('push endpoints never reach internal addresses', () => {
  let server: TestServer;
  let listener: Server;
  const connections: string[] = [];
  let userId: string;
  let conversationId: string;
  let admin: ReturnType<typeof client>;
  let user: ReturnType<typeof client>;

  /** A browser's keys, real ones: web-push encrypts for them before it connects. */
  const ecdh = createECDH('prime256v1');
  const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  /** Each shape that once passed the allow-list but makes web-push (Node's url.parse) connect elsewhere, or names a port, a user or plain http. */
  const bypasses = [
    'https://127.0.0.1;.fcm.googleapis.com/internal/hook',
    'https://localhost;.fcm.googleapis.com/x',
    "https://127.0.0.1'.fcm.googleapis.com/x",
    'https://127.0.0.1{.fcm.googleapis.com/x',
    'https://127.0.0.1}.fcm.googleapis.com/x',
    'https://127.0.0.1".fcm.googleapis.com/x',
    'https://127.0.0.1`.fcm.googleapis.com/x',
    'https://127.0.0.1%2e.fcm.googleapis.com/x',
    'https://localhost%2e.fcm.googleapis.com/x',
    'https://127.0.0.1%3b.fcm.googleapis.com/x',
    'https://fcm.googleapis.com:8443/x',
    'https://localhost:443/x',
    'https://user:secret@fcm.googleapis.com/x',
    'https://127.0.0.1:443@fcm.googleapis.com/x',
    'https://127.0.0.1;@fcm.googleapis.com/x',
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'http://fcm.googleapis.com/x',
    'http://localhost/x',
  ];

  beforeAll(async () => {
    const { key, cert } = selfSigned('localhost');
    listener = createServer({ key, cert }, (_req, res) => res.writeHead(201).end());
    listener.on('connection', (socket: Socket) => connections.push(socket.remoteAddress ?? '?'));
    await new Promise<void>((resolve, reject) => {
      listener.once('error', (error) => reject(new Error(`this test needs 127.0.0.1:443 for a listener (run as root, port free): ${String(error)}`)));
      listener.listen(443, '127.0.0.1', resolve);
    });
    // 'localhost' is allowed on purpose: an allowed name that resolves to loopback must still not be reached.
    server = await startTestServer({ env: { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,localhost' } });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const registered = await registerUser(server.url, `push-ssrf.${randomUUID().slice(0, 6)}@example.com`);
    userId = registered.id;
    user = client(server.url, registered.token);
    conversationId = (await startSupport(user))._id;
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('refuses each bypass when a browser subscribes (400), and saves none', async () => {
    for (const endpoint of bypasses) {
      const res = await user.post<{ code: string }>('/api/push/subscriptions', { endpoint, keys });
      expect([res.status, res.body.code], endpoint).toEqual([400, 'invalid_input']);
    }
    expect(await server.ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('never connects to a row saved before the rule with such an endpoint: it is dropped unsent', async () => {
    await immediate(server.ctx.db, (tx) =>
      tx.insert(pushSubscriptions).values(bypasses.map((endpoint) => ({ id: randomUUID(), userId, endpoint, ...keys, createdAt: new Date().toISOString() }))),
    );
    // An admin's support reply: a push effect for the user, which the outbox sends.
    expect((await admin.post('/api/messages/send', { conversationId, content: 'Reply for old rows' })).status).toBe(201);
    const settled = await outboxSettled(server.ctx).then(
      () => true,
      () => false,
    );
    expect(connections).toEqual([]);
    expect(settled).toBe(true);
    expect(await server.ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('never connects to an allowed host name that resolves to loopback: the lookup refuses it, a failed send', async () => {
    expect((await user.post('/api/push/subscriptions', { endpoint: 'https://localhost/hook', keys })).status).toBe(201);
    expect((await admin.post('/api/messages/send', { conversationId, content: 'Reply for localhost' })).status).toBe(201);
    // The send's other effects may still wait for the dispatcher under load: only the errors count.
    const failed = async () => (await server.ctx.db.select().from(events).where(isNull(events.doneAt))).flatMap((e) => e.lastError ?? []);
    for (let i = 0; i < 100 && !(await failed()).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toEqual([]);
    expect(await failed()).toEqual([expect.stringContaining('push service localhost resolves to no public address (127.0.0.1')]);
    expect((await server.ctx.db.select().from(pushSubscriptions)).map((s) => s.failures)).toEqual([expect.any(Number)]);
  });

  it('the push agent itself refuses loopback names, with the real DNS lookup', async () => {
    const refused = await new Promise<Error>((resolve) => {
      request('https://localhost/x', { agent: publicPushAgent(), method: 'POST' }, () => resolve(new Error('answered')))
        .on('error', resolve)
        .end();
    });
    expect(refused.message).toMatch(/push service localhost resolves to no public address \(127\.0\.0\.1/);
    expect(connections).toEqual([]);
    const looked = await new Promise<unknown>((resolve) => {
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error));
    });
    expect(looked).toMatchObject({ code: 'EPUSHADDRESS' });
  });

  it('counts as public only addresses on the internet', () => {
    const internal = [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      'not an address',
    ];
    for (const address of internal) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '142.250.74.10', '172.32.0.1', '100.128.0.1', '2607:f8b0:4004:800::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
