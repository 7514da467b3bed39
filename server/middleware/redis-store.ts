import type { IncrementResponse, Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** MULTI's answer: an [error, reply] pair per command. */
const HitReplySchema = z.tuple([z.tuple([z.null(), z.number()]), z.tuple([z.null(), z.number()]), z.tuple([z.null(), z.number()])]);

/** Takes a hit back, never below zero and never on a key whose window has ended (a DECR would make it anew, without expiry). */
const UNDO_HIT = `local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * express-rate-limit's Store over Redis, so every process serving the app counts the same requests.
 * One fixed window per key, as MemoryStore counts, started by the key's first hit: INCR, the expiry set
 * by that first hit only (PEXPIRE NX, Redis 7) and the time left, in one MULTI. Keys are `prefix` + the limiter's key.
 */
export class RedisStore implements Store {
  readonly localKeys = false;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async increment(key: string): Promise<IncrementResponse> {
    const full = this.prefix + key;
    const reply = await this.redis.multi().incr(full).pexpire(full, this.windowMs, 'NX').pttl(full).exec();
    const [[, totalHits], , [, remainingMs]] = HitReplySchema.parse(reply);
    return { totalHits, resetTime: new Date(Date.now() + Math.max(remainingMs, 0)) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(UNDO_HIT, 1, this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
