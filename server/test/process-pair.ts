import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/free-port';
import { killGroup, startChild, type ChildServer } from './child-server';
import { createTestDatabase } from './pg-database';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from './redis-fixtures';

export type ProcessPair = {
  a: ChildServer;
  b: ChildServer;
  /** Rows of one query on the pair's database, read as an outside observer would. */
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
};

const JWT_SECRET = 'multi-process-secret-of-at-least-32-characters';

/** SIGTERM to a child still running, SIGKILL after 10 s; at once for one already gone. */
async function stopChild(child: ChildServer): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  killGroup(child.proc, 'SIGTERM');
  const force = setTimeout(() => killGroup(child.proc, 'SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(force);
}

/**
 * Two `npm start` processes of one deployment behind a load balancer: one fresh PostgreSQL database,
 * one JWT secret, one Redis and key prefix, and each its own DATA_DIR and port. A seeds the demo
 * data; B starts (SEED=none) once A answers, so the two never migrate, seed or build the PWA at once.
 */
export async function startProcessPair(env: Record<string, string> = {}): Promise<ProcessPair> {
  const database = await createTestDatabase();
  const prefix = uniquePrefix();
  const shared = { DATABASE_URL: database.url, JWT_SECRET, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, ...env };
  const dirs = ['a', 'b'].map((name) => mkdtempSync(path.join(tmpdir(), `skyway-process-${name}-`)));
  const started: ChildServer[] = [];
  const stop = async () => {
    await Promise.all(started.map(stopChild));
    await database.drop();
    await deleteKeys(prefix);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [i, dir] of dirs.entries()) started.push(await startChild(dir, await freePort(), { env: { ...shared, SEED: i === 0 ? 'demo' : 'none' } }));
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = started;
  if (!a || !b) throw new Error('the pair did not start');
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      return (await db.query(text, params)).rows as T[];
    } finally {
      await db.end();
    }
  };
  return { a, b, query, stop };
}
