import pg from 'pg';
import { launchBareExpress, launchServer, type BenchServer } from './server';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Runs `work` on the servers `launch` starts, and stops them whatever happens. */
async function onServers<T>(launch: () => Promise<BenchServer[]>, work: (servers: BenchServer[]) => Promise<T>): Promise<T> {
  const servers = await launch();
  try {
    return await work(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** A database of its own, dropped afterwards, so each engine starts from the same seed and no earlier run's bookings. */
async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  const name = `bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * `count` processes of bare Express (bench/bare/app.ts): what the machine itself gives or takes as
 * processes are added, with no database and no code of ours.
 */
export function onBareExpress<T>(count: number, work: (servers: BenchServer[]) => Promise<T>): Promise<T> {
  return onServers(async () => {
    const servers = await Promise.all(Array.from({ length: count }, () => launchBareExpress()));
    await Promise.all(servers.map((s) => s.ready));
    return servers;
  }, work);
}

export function onSqlite<T>(work: (servers: BenchServer[]) => Promise<T>): Promise<T> {
  return onServers(async () => {
    const server = await launchServer();
    await server.ready;
    return [server];
  }, work);
}

/**
 * `count` processes on one fresh PostgreSQL database and one Redis key prefix. The first one seeds and
 * migrates, alone; the others start together once it is healthy, with nothing left to seed.
 */
export function onPostgres<T>(count: number, work: (servers: BenchServer[]) => Promise<T>): Promise<T> {
  return withDatabase((url) =>
    onServers(async () => {
      const env = {
        DATABASE_URL: url,
        JWT_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
        REDIS_URL,
        REDIS_KEY_PREFIX: `bench${process.pid}x${count}:`,
      };
      const seeded = await launchServer(env);
      await seeded.ready;
      const others = await Promise.all(Array.from({ length: count - 1 }, () => launchServer({ ...env, SEED: 'none' })));
      const servers = [seeded, ...others];
      await Promise.all(others.map((s) => s.ready)).catch(async (error: unknown) => {
        await Promise.all(servers.map((s) => s.stop()));
        throw error;
      });
      return servers;
    }, work),
  );
}
