import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from './harness';

/** The Redis of this machine and of CI. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of one test's own, so tests never count in each other's keys or hear each other's rooms. */
export const uniquePrefix = () => `test:${randomUUID().slice(0, 8)}:`;

/** Runs `work` with a Redis connection of its own, closed after. */
export async function withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return await work(redis);
  } finally {
    await redis.quit();
  }
}

export const keysUnder = (redis: Redis, prefix: string) => redis.keys(`${prefix}*`);

/** Deletes this prefix's keys, and only them. */
export async function deleteKeys(prefix: string): Promise<void> {
  await withRedis(async (redis) => {
    const keys = await keysUnder(redis, prefix);
    if (keys.length > 0) await redis.del(...keys);
  });
}

export type Pair = { a: TestServer; b: TestServer; prefix: string; stop: () => Promise<void> };

/**
 * Two servers of one deployment, as two processes behind a load balancer would be: one DATA_DIR (the
 * same SQLite file, so the same users and tokens) and one REDIS_URL and key prefix.
 */
export async function startPair(): Promise<Pair> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-pair-'));
  const prefix = uniquePrefix();
  const env = { DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const a = { ...(await startTestServer({ env })), dataDir };
  const b = { ...(await startTestServer({ env })), dataDir };
  return {
    a,
    b,
    prefix,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await deleteKeys(prefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
