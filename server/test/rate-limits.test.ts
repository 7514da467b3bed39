import { randomUUID } from 'node:crypto';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { AppContext } from '../context';
import { DEFAULT_RATE_LIMITS, rateLimiters, setRateLimits, takeRequest, type LimitName } from '../middleware/rate-limits';
import { send, startSupport } from './chat-fixtures';
import { expectError, expectErrorShape, imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type Answer, type TestServer } from './harness';
import { apiEndpoints, routeHandlers } from './route-list';

/** A 429 in the product's error shape with the limit's own message, and a hint when to come back. */
function expectLimited(res: Answer, name: LimitName) {
  expectError(res, 429, DEFAULT_RATE_LIMITS[name].message);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('rate limits', () => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.stop());

  it('the defaults are real limits with clear messages, and tracking keeps its 30 per 15 minutes', () => {
    for (const [name, rule] of Object.entries(DEFAULT_RATE_LIMITS)) {
      expect(rule.limit, name).toBeGreaterThan(0);
      expect(rule.limit, name).toBeLessThanOrEqual(60);
      expect(rule.message, name).toMatch(/^Too many|too quickly/);
      expect(rule.message, name).toMatch(/Please wait/);
    }
    expect(DEFAULT_RATE_LIMITS.track).toMatchObject({ limit: 30, windowMs: 15 * 60_000 });
  });

  it('log-in: failed attempts from one address are limited across e-mails; successful log-ins never count', async () => {
    setRateLimits(server.ctx, { login: 3 });
    const api = client(server.url);
    for (let i = 0; i < 5; i++) expect((await api.post('/api/auths/login', ADMIN)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expectError(await api.post('/api/auths/login', { email: `nobody${i}@example.com`, password: 'wrong-pass-1' }), 401, 'Invalid email or password');
    expectLimited(await api.post('/api/auths/login', { email: 'nobody9@example.com', password: 'wrong-pass-1' }), 'login');
    // Once the address is over the limit even the right password waits, so guessing cannot be confirmed.
    expectLimited(await api.post('/api/auths/login', ADMIN), 'login');
  });

  it('tracking: the limit answers 429 before the lookup, signed in or not', async () => {
    setRateLimits(server.ctx, { track: 2 });
    const body = { bookingId: 'ZZZZZZ', email: 'a@example.com' };
    for (let i = 0; i < 2; i++) expectError(await client(server.url).post('/api/bookings/track', body), 404, 'Booking not found!');
    expectLimited(await client(server.url).post('/api/bookings/track', body), 'track');
    expectLimited(await client(server.url, adminToken).post('/api/bookings/track', body), 'track');
  });

  it('uploads: counted per signed-in caller, refused before the file is read', async () => {
    setRateLimits(server.ctx, { upload: 2 });
    const first = await registerUser(server.url, 'uploader-one@example.com');
    const second = await registerUser(server.url, 'uploader-two@example.com');
    const png = await makeImage(40, 30);
    const one = client(server.url, first.token);
    expect((await one.post('/api/images', imageForm(png, 'a.png', 'image/png'))).status).toBe(201);
    expectErrorShape(await one.post('/api/images', imageForm('not an image', 'b.png', 'image/png')), 400);
    const refused = await one.post('/api/images', imageForm(png, 'c.png', 'image/png'));
    expectLimited(refused, 'upload');
    expect((await client(server.url, second.token).post('/api/images', imageForm(png, 'd.png', 'image/png'))).status).toBe(201);
  });

  it('the routes use the shared limiters: log-in, tracking, uploads, guest log-in, chat sending, password reset, account changes, audit exports', () => {
    const limiters = rateLimiters(server.ctx);
    const expected: Partial<Record<string, LimitName>> = {
      'POST /auths/login': 'login',
      'POST /bookings/track': 'track',
      'POST /images': 'upload',
      'POST /users/login-guest': 'guestLogin',
      'POST /messages/send': 'chatSend',
      'POST /auths/forgot': 'passwordReset',
      'POST /auths/register': 'register',
      'POST /auths/reset': 'resetPassword',
      'PUT /admin/users/:id/role': 'accountChange',
      'PUT /admin/users/:id/status': 'accountChange',
      'GET /audit/export': 'auditExport',
    };
    const routes = new Map(apiEndpoints(server.ctx).map((e) => [e.key, e]));
    for (const [key, name] of Object.entries(expected)) {
      if (!name || !routes.has(key)) continue;
      expect(routeHandlers(server.ctx, key), key).toContain(limiters[name]);
    }
    expect(routeHandlers(server.ctx, 'POST /auths/forgot')).toContain(limiters.passwordResetAccount);
  });

  it('guest log-in, chat sending and password reset limiters answer 429 in the error shape once used up', async () => {
    for (const name of ['guestLogin', 'chatSend', 'passwordReset'] as const) {
      setRateLimits(server.ctx, { [name]: 2 });
      const app = express();
      app.post('/limited', rateLimiters(server.ctx)[name], (_req, res) => {
        res.status(201).json({ ok: true });
      });
      // The app's own error middleware in miniature: an AppError becomes its status and body.
      app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
        if (!(error instanceof AppError)) {
          next(error);
          return;
        }
        res.status(error.status).json(error.toBody());
      });
      const http = createServer(app);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      try {
        for (let i = 0; i < 2; i++) expect((await client(url).post('/limited', {})).status).toBe(201);
        expectLimited(await client(url).post('/limited', {}), name);
      } finally {
        await new Promise((resolve) => http.close(resolve));
      }
    }
  });

  it('chat messages pushed through the sync outbox count against the same budget as the REST route', async () => {
    setRateLimits(server.ctx, { chatSend: 3 });
    const member = await registerUser(server.url, `flood.${randomUUID().slice(0, 6)}@example.com`);
    const api = client(server.url, member.token);
    const conversation = await startSupport(api);
    const clientId = randomUUID();
    const message = (id: number) => ({
      id,
      name: 'sendMessage',
      args: { _id: randomUUID(), conversationId: conversation._id, content: `message ${id}`, image: null },
    });
    const push = (mutations: ReturnType<typeof message>[]) => api.post<{ lastMutationId: number }>('/api/sync/push', { clientId, schemaVersion: 1, mutations });

    await send(api, conversation._id, 'by the REST route');
    const [one, two, three] = [message(1), message(2), message(3)];
    const first = await push([one, two, three]);
    expect(first.status).toBe(200);
    expect(first.body.lastMutationId).toBe(2);
    expectError(await push([three]), 429, DEFAULT_RATE_LIMITS.chatSend.message);
    expect((await push([one, two])).status).toBe(200);
    expectLimited(await api.post('/api/messages/send', { conversationId: conversation._id, content: 'one more', type: 'Support' }), 'chatSend');

    const stored = await api.get<{ messages: { content: string }[] }>(`/api/messages/${conversation._id}`);
    expect(stored.body.messages.map((m) => m.content)).toEqual(['by the REST route', 'message 1', 'message 2']);
  });

  /** How many of `wanted` chat messages the budget takes, one at a time as a push does. */
  async function takeChatSends(ctx: AppContext, userId: string, wanted: number): Promise<number> {
    for (let taken = 0; taken < wanted; taken += 1) {
      if (await takeRequest(ctx, ['chatSend'], { id: userId, role: 'user', ip: '127.0.0.1' })) return taken;
    }
    return wanted;
  }

  it('RATE_LIMITS=off lifts the limits and counts nothing; by default the chatSend budget stops at its limit', async () => {
    const lifted = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    setRateLimits(server.ctx, { chatSend: DEFAULT_RATE_LIMITS.chatSend.limit });
    try {
      expect(await takeChatSends(lifted.ctx, 'someone', 500)).toBe(500);
      expect(await takeChatSends(server.ctx, 'someone-limited', 500)).toBe(DEFAULT_RATE_LIMITS.chatSend.limit);
      expect(await takeChatSends(server.ctx, 'someone-limited', 1)).toBe(0);
      // A lifted limit counts nothing, so it sends no RateLimit header either.
      const wrong = { email: 'nobody@example.com', password: 'wrong-pass-1' };
      expect((await client(lifted.url).post('/api/auths/login', wrong)).headers.get('ratelimit')).toBeNull();
      expect((await client(server.url).post('/api/auths/login', wrong)).headers.get('ratelimit')).toMatch(/r=\d+/);
    } finally {
      await lifted.stop();
    }
  });
});
