import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, setRateLimits, takeRequest, type LimitName } from '../middleware/rate-limits';
import { RedisStore } from '../middleware/redis-store';
import { send, sleep, startSupport } from './chat-fixtures';
import { expectError } from './fixtures';
import { ADMIN, client, registerUser, type Answer } from './harness';
import { deleteKeys, keysUnder, startPair, uniquePrefix, withRedis, type Pair } from './redis-fixtures';

function expectLimited(res: Answer, name: LimitName) {
  expectError(res, 429, DEFAULT_RATE_LIMITS[name].message);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('rate limits shared through Redis by two processes', () => {
  let pair: Pair;
  const both = (limits: Partial<Record<LimitName, number>>) => {
    setRateLimits(pair.a.ctx, limits);
    setRateLimits(pair.b.ctx, limits);
  };
  beforeAll(async () => {
    pair = await startPair();
  });
  afterAll(() => pair.stop());

  it('a limit of N takes N requests split over both servers; the next one on either is a 429', async () => {
    both({ track: 4 });
    const body = { bookingId: 'ZZZZZZ', email: 'a@example.com' };
    for (const url of [pair.a.url, pair.b.url, pair.a.url, pair.b.url])
      expectError(await client(url).post('/api/bookings/track', body), 404, 'Booking not found!');
    expectLimited(await client(pair.a.url).post('/api/bookings/track', body), 'track');
    expectLimited(await client(pair.b.url).post('/api/bookings/track', body), 'track');
    const keys = await withRedis((redis) => keysUnder(redis, pair.prefix));
    expect(keys).toContain(`${pair.prefix}rl:track:ip:127.0.0.1`);
  });

  it('a failures-only limit gives back the successful requests of both servers', async () => {
    both({ login: 2 });
    for (const url of [pair.a.url, pair.b.url, pair.a.url]) expect((await client(url).post('/api/auths/login', ADMIN)).status).toBe(200);
    const wrong = { email: 'nobody@example.com', password: 'wrong-pass-1' };
    expectError(await client(pair.a.url).post('/api/auths/login', wrong), 401, 'Invalid email or password');
    expect((await client(pair.b.url).post('/api/auths/login', ADMIN)).status).toBe(200);
    expectError(await client(pair.b.url).post('/api/auths/login', wrong), 401, 'Invalid email or password');
    expectLimited(await client(pair.a.url).post('/api/auths/login', ADMIN), 'login');
  });

  it('messages pushed through the sync outbox to one server count against the REST route on the other', async () => {
    both({ chatSend: 3 });
    const member = await registerUser(pair.a.url, `shared.${randomUUID().slice(0, 6)}@example.com`);
    const onA = client(pair.a.url, member.token);
    const onB = client(pair.b.url, member.token);
    const conversation = await startSupport(onA);
    await send(onA, conversation._id, 'by the REST route on A');
    const clientId = randomUUID();
    const message = (id: number) => ({
      id,
      name: 'sendMessage',
      args: { _id: randomUUID(), conversationId: conversation._id, content: `pushed ${id}`, image: null },
    });
    const pushed = await onB.post<{ lastMutationId: number }>('/api/sync/push', {
      clientId,
      schemaVersion: 1,
      mutations: [message(1), message(2), message(3)],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.lastMutationId).toBe(2);
    expectLimited(await onA.post('/api/messages/send', { conversationId: conversation._id, content: 'one more', type: 'Support' }), 'chatSend');
    expect(await takeRequest(pair.b.ctx, ['chatSend'], { id: member.id, role: 'user', ip: '127.0.0.1' })).toBe('chatSend');
  });
});

describe('the Redis store', () => {
  const prefix = uniquePrefix();
  afterAll(() => deleteKeys(prefix));

  it('counts in a fixed window from the first hit, then starts a new one', () =>
    withRedis(async (redis) => {
      const store = new RedisStore(redis, prefix, 300);
      const first = await store.increment('k');
      expect(first.totalHits).toBe(1);
      expect(first.resetTime!.getTime() - Date.now()).toBeGreaterThan(200);
      expect((await store.increment('k')).totalHits).toBe(2);
      expect(await redis.pttl(`${prefix}k`)).toBeLessThanOrEqual(300);
      await sleep(350);
      expect((await store.increment('k')).totalHits).toBe(1);
    }));

  it('a decrement never goes below zero nor makes an ended window anew; a reset forgets the key', () =>
    withRedis(async (redis) => {
      const store = new RedisStore(redis, prefix, 60_000);
      await store.decrement('gone');
      expect(await redis.exists(`${prefix}gone`)).toBe(0);
      await store.increment('once');
      await store.decrement('once');
      await store.decrement('once');
      expect(await redis.get(`${prefix}once`)).toBe('0');
      expect((await store.increment('once')).totalHits).toBe(1);
      await store.resetKey('once');
      expect(await redis.exists(`${prefix}once`)).toBe(0);
    }));
});
