import { eq, isNull } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import type { PushPayload } from '../../sync/schemas/push';
import { immediate } from '../db/client';
import { events, pushSubscriptions } from '../db/schema';
import { parseEnv } from '../env';
import { sweep } from '../services/booking/lifecycle';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { MAX_FAILED_SENDS, MAX_SUBSCRIPTIONS_PER_USER } from '../services/push/subscriptions';
import { book, confirmEmailOf, flightAt, type Api } from './booking-fixtures';
import { expectError } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';
import { checkVapid, outboxSettled as settled, PUSH_TEST_HOST, retryNow, startPushService, type Browser, type PushService } from './push-service';

/**
 * Web Push end to end: the real server sends through web-push to a push service of the test's own (HTTPS
 * on 127.0.0.1 for the name push.test, reached through the agent it gives as the app's `ctx.pushAgent`),
 * which decrypts each request (RFC 8291, aes128gcm) and checks its VAPID signature.
 */
describe('Web Push notifications', () => {
  let server: TestServer;
  let push: PushService;
  let admin: Api;
  let owner: Api;
  let other: Api;
  let ownerToken: string;
  let ownerId: string;
  let browser: Browser;
  let departures = 0;

  const HOUR = 3_600_000;
  /** A fresh flight (its own seats), leaving `hours` from now. */
  const flightIn = (hours: number): Promise<Flight> => flightAt(server, 'LOS', 'LHR', new Date(Date.now() + hours * HOUR + ++departures * 60_000));
  const subscriptions = () => server.ctx.db.select().from(pushSubscriptions);
  const outboxSettled = () => settled(server.ctx);
  const forBooking = (id: string, title: RegExp) => (p: PushPayload) => p.url === `/dashboard/bookings/${id}` && title.test(p.title);

  beforeAll(async () => {
    push = await startPushService();
    server = await startTestServer({ seed: 'demo', env: { PUSH_SERVICE_HOSTS: PUSH_TEST_HOST } });
    server.ctx.pushAgent = push.agent;
    const [o, x] = await Promise.all([
      makeAccount(server, { email: 'push-owner@example.com', fullName: 'Push Owner', confirmed: false }),
      makeAccount(server, { email: 'push-other@example.com', fullName: 'Push Other', confirmed: false }),
    ]);
    await confirmEmailOf(server, o.id);
    ownerToken = o.token;
    ownerId = o.id;
    owner = client(server.url, o.token);
    other = client(server.url, x.token);
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    browser = push.browser();
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await push.close();
  });

  it('serves one public key, and subscribing needs an account: anonymous and guests hear 401', async () => {
    const first = await client(server.url).get<{ publicKey: string }>('/api/push/public-key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await client(server.url).get<{ publicKey: string }>('/api/push/public-key')).body.publicKey).toBe(first.body.publicKey);

    expect((await client(server.url).post('/api/push/subscriptions', browser.body)).status).toBe(401);
    const guest = await client(server.url).post<{ guestUser: { token: string } }>('/api/users/login-guest', { email: 'g@example.com', fullName: 'Guest' });
    expect((await client(server.url, guest.body.guestUser.token).post('/api/push/subscriptions', browser.body)).status).toBe(401);
    expect(await subscriptions()).toEqual([]);
  });

  it('refuses a malformed subscription and an endpoint on no known push service, in the error shape', async () => {
    const bad = await owner.post<{ code: string; message: string }>('/api/push/subscriptions', {
      endpoint: 'http://127.0.0.1/x',
      keys: { p256dh: 'a', auth: 'b' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_input');
    expect(bad.body.message).toMatch(/endpoint/);
    const elsewhere = await owner.post('/api/push/subscriptions', { ...browser.body, endpoint: 'https://internal.example.com/push/1' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ code: 'invalid_input', errors: [{ path: 'endpoint' }] });
  });

  it('keeps a signed-in traveller’s subscription', async () => {
    const res = await owner.post('/api/push/subscriptions', browser.body);
    expect(res.status).toBe(201);
    expect((await subscriptions()).map((s) => [s.userId, s.endpoint])).toEqual([[ownerId, browser.endpoint]]);
  });

  it('pushes an approved payment, signed with the server’s VAPID key, pointing at the booking', async () => {
    const created = await book(owner, await flightIn(24 * 10), ['A1']);
    expect((await admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' })).status).toBe(200);
    const got = await push.next(browser.endpoint, forBooking(created.booking._id, /is confirmed/));
    expect(got.payload).toEqual({
      title: `Booking ${created.booking.bookingId} is confirmed`,
      body: 'Your payment was received. Your seats are yours.',
      url: `/dashboard/bookings/${created.booking._id}`,
      tag: `payment-${created.booking._id}`,
    });
    const { publicKey } = (await client(server.url).get<{ publicKey: string }>('/api/push/public-key')).body;
    expect(checkVapid(got.authorization, push.origin)).toEqual({ publicKey, subject: `mailto:${ADMIN.email}` });
    expect(Number(got.ttl)).toBeGreaterThan(0);
  });

  it('pushes a rejected payment with its reason', async () => {
    const created = await book(owner, await flightIn(24 * 10), ['A1']);
    expect((await admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Receipt unreadable' })).status).toBe(200);
    const got = await push.next(browser.endpoint, forBooking(created.booking._id, /was not accepted/));
    expect(got.payload.title).toBe(`Payment for booking ${created.booking.bookingId} was not accepted`);
    expect(got.payload.body).toContain('Receipt unreadable');
  });

  it('pushes a flight’s new gate, new times and new status to each traveller booked on it', async () => {
    const flight = await flightIn(24 * 10);
    const created = await book(owner, flight, ['B2']);
    const match = (title: string) => forBooking(created.booking._id, new RegExp(`^${title}$`));

    expect((await admin.put(`/api/flights/${flight._id}`, { gate: 'B12' })).status).toBe(200);
    await push.next(browser.endpoint, match(`Flight ${flight.flightNumber} boards at gate B12`));

    const later = (iso: string) => new Date(Date.parse(iso) + 2 * HOUR).toISOString();
    expect((await admin.put(`/api/flights/${flight._id}`, { departureTime: later(flight.departureTime), arrivalTime: later(flight.arrivalTime) })).status).toBe(
      200,
    );
    await push.next(browser.endpoint, match(`Flight ${flight.flightNumber} has new times`));

    expect((await admin.put(`/api/flights/${flight._id}`, { status: 'delayed' })).status).toBe(200);
    const delayed = await push.next(browser.endpoint, match(`Flight ${flight.flightNumber} is delayed`));
    expect(delayed.payload.body).toBe(`Booking ${created.booking.bookingId}: see your itinerary for the details.`);

    // A price change is no news for travellers.
    await outboxSettled();
    const before = push.received.length;
    expect((await admin.put(`/api/flights/${flight._id}`, { price: 999 })).status).toBe(200);
    await outboxSettled();
    expect(push.received.length).toBe(before);
  });

  it('pushes once per booking when its check-in opens, from the sweeper', async () => {
    const created = await book(owner, await flightIn(30), ['C3']);
    expect((await admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' })).status).toBe(200);
    await sweep(server.ctx);
    const got = await push.next(browser.endpoint, forBooking(created.booking._id, /^Check-in is open/));
    expect(got.payload.title).toBe(`Check-in is open for booking ${created.booking.bookingId}`);
    await sweep(server.ctx);
    await sweep(server.ctx);
    await outboxSettled();
    expect(push.received.filter((r) => r.payload.tag === `check-in-${created.booking._id}`)).toHaveLength(1);
  });

  it('pushes a support reply only while the traveller has no socket open', async () => {
    const start = await owner.post<{ _id: string }>('/api/messages/conversations/start', { type: 'Support' });
    const conversationId = start.body._id;
    const socket: Socket = connect(server.url, { auth: { token: ownerToken }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const replies = () => push.received.filter((r) => r.payload.tag === 'support-reply');
    expect((await admin.post('/api/messages/send', { conversationId, content: 'Seen live in the chat' })).status).toBe(201);
    await outboxSettled();
    expect(replies()).toEqual([]);

    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await admin.post('/api/messages/send', { conversationId, content: 'Your seat is confirmed' })).status).toBe(201);
    const got = await push.next(browser.endpoint, (p) => p.tag === 'support-reply');
    expect(got.payload).toEqual({ title: 'SkyWay support replied', body: 'Your seat is confirmed', url: '/?chat=open', tag: 'support-reply' });
    expect(replies()).toHaveLength(1);
  });

  it('drops a subscription its push service answers 410, and keeps one that failed otherwise for a retry', async () => {
    const gone = push.browser();
    const failing = push.browser();
    expect((await owner.post('/api/push/subscriptions', gone.body)).status).toBe(201);
    expect((await owner.post('/api/push/subscriptions', failing.body)).status).toBe(201);
    push.answer(gone.endpoint, 410);
    push.answer(failing.endpoint, 500);
    const start = await owner.post<{ _id: string }>('/api/messages/conversations/start', { type: 'Support' });
    expect((await admin.post('/api/messages/send', { conversationId: start.body._id, content: 'One more thing' })).status).toBe(201);
    await push.next(browser.endpoint, (p) => p.body === 'One more thing');
    for (let i = 0; i < 100 && (await subscriptions()).some((s) => s.endpoint === gone.endpoint); i++) await new Promise((r) => setTimeout(r, 50));
    expect((await subscriptions()).map((s) => s.endpoint).sort()).toEqual([browser.endpoint, failing.endpoint].sort());
    const retried = await server.ctx.db.select().from(events).where(isNull(events.doneAt));
    expect(retried.map((e) => e.lastError)).toEqual([expect.stringContaining('unexpected response code')]);
    // The service recovers; the outbox's retry reaches it (the earlier browsers may hear it again, under the same tag).
    push.answer(failing.endpoint, 201);
    await retryNow(server.ctx);
    await push.next(failing.endpoint, (p) => p.body === 'One more thing');
  });

  it('refuses another account naming a browser’s endpoint without that browser’s keys (409); the owner keeps it and turns it off', async () => {
    const mine = push.browser();
    expect((await owner.post('/api/push/subscriptions', mine.body)).status).toBe(201);
    const elsewhere = push.browser().body.keys;
    const message = 'This browser’s notifications are turned on for another account';
    expectError(await other.post('/api/push/subscriptions', { endpoint: mine.endpoint, keys: elsewhere }), 409, message, 'conflict');
    expectError(await other.post('/api/push/subscriptions', { endpoint: mine.endpoint, keys: { ...mine.body.keys, auth: elsewhere.auth } }), 409, message);
    const row = async () => (await subscriptions()).find((s) => s.endpoint === mine.endpoint);
    expect(await row()).toMatchObject({ userId: ownerId, ...mine.body.keys });
    expect((await other.delete('/api/push/subscriptions', { endpoint: mine.endpoint })).status).toBe(404);
    expect((await owner.delete('/api/push/subscriptions', { endpoint: mine.endpoint })).status).toBe(200);
    expect(await row()).toBeUndefined();
  });

  it('DELETE removes only the caller’s own subscription', async () => {
    expect((await client(server.url).delete('/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(401);
    const stranger = await other.delete('/api/push/subscriptions', { endpoint: browser.endpoint });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'not_found' });
    expect((await admin.delete('/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(404);
    expect((await subscriptions()).some((s) => s.endpoint === browser.endpoint)).toBe(true);
    expect((await owner.delete('/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(200);
    expect((await subscriptions()).some((s) => s.endpoint === browser.endpoint)).toBe(false);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} browsers per account: the oldest gives way`, async () => {
    await immediate(server.ctx.db, (tx) => tx.delete(pushSubscriptions));
    const made = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 1 }, () => push.browser());
    const t0 = Date.now() - 60_000;
    for (const [i, b] of made.entries()) {
      server.setNow(new Date(t0 + i * 1_000));
      expect((await other.post('/api/push/subscriptions', b.body)).status).toBe(201);
    }
    server.setNow(new Date());
    const kept = (await subscriptions()).map((s) => s.endpoint);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(made[0]?.endpoint);
  });

  it('reads the VAPID keys from the environment, both or neither, of the right sizes', () => {
    const publicKey = Buffer.alloc(65, 4).toString('base64url');
    const privateKey = Buffer.alloc(32, 9).toString('base64url');
    expect(parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be 65 bytes/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'ops@skyway.test' })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
    expect(parseEnv({ PUSH_SERVICE_HOSTS: 'Push.Example.com, 127.0.0.1' }).PUSH_SERVICE_HOSTS).toEqual(['push.example.com', '127.0.0.1']);
  });

  it('moves an endpoint to another account that sends the same browser keys (one browser, another person signed in)', async () => {
    const shared = push.browser();
    expect((await owner.post('/api/push/subscriptions', shared.body)).status).toBe(201);
    expect((await other.post('/api/push/subscriptions', shared.body)).status).toBe(201);
    const rows = await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((r) => r.userId)).not.toContain(ownerId);
    expect(rows).toHaveLength(1);
  });

  it(`drops a subscription after ${MAX_FAILED_SENDS} failed sends in a row; a send that gets through starts the count over`, async () => {
    const flaky = push.browser();
    expect((await owner.post('/api/push/subscriptions', flaky.body)).status).toBe(201);
    const failures = async () => (await subscriptions()).find((s) => s.endpoint === flaky.endpoint)?.failures;
    const until = async (wanted: number | undefined) => {
      for (let i = 0; i < 100 && (await failures()) !== wanted; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await failures()).toBe(wanted);
    };
    const { _id: conversationId } = (await owner.post<{ _id: string }>('/api/messages/conversations/start', { type: 'Support' })).body;
    const reply = async (content: string) => expect((await admin.post('/api/messages/send', { conversationId, content })).status).toBe(201);

    push.answer(flaky.endpoint, 500);
    await reply('First try');
    await until(1);
    await retryNow(server.ctx);
    await until(2);
    push.answer(flaky.endpoint, 201);
    await retryNow(server.ctx);
    await push.next(flaky.endpoint, (p) => p.body === 'First try');
    await until(0);
    await outboxSettled();

    push.answer(flaky.endpoint, 500);
    await reply('Second try');
    await until(1);
    for (let failed = 2; failed < MAX_FAILED_SENDS; failed++) {
      await retryNow(server.ctx);
      await until(failed);
    }
    // The last failure in a row drops the subscription, and the notice is done with: no retry forever.
    await retryNow(server.ctx);
    await until(undefined);
    await outboxSettled();
  });

  it('turning notifications on and off is rate limited per account, both ways counting (pushSubscription)', async () => {
    setRateLimits(server.ctx, { pushSubscription: 2 });
    try {
      const busy = await makeAccount(server, { email: 'push-busy@example.com', fullName: 'Push Busy' });
      const api = client(server.url, busy.token);
      const tab = push.browser();
      expect((await api.post('/api/push/subscriptions', tab.body)).status).toBe(201);
      expect((await api.delete('/api/push/subscriptions', { endpoint: tab.endpoint })).status).toBe(200);
      expectError(await api.post('/api/push/subscriptions', tab.body), 429, DEFAULT_RATE_LIMITS.pushSubscription.message, 'rate_limited');
      expect((await subscriptions()).some((s) => s.userId === busy.id)).toBe(false);
    } finally {
      setRateLimits(server.ctx, { pushSubscription: DEFAULT_RATE_LIMITS.pushSubscription.limit });
    }
  });
});
