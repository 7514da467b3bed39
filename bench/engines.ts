import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import pg from 'pg';
import { toResult } from './load';
import { BOOKING_SEATS, bodies, buyerToken, laterFlights } from './scenarios/booking-create';
import { searchPaths } from './scenarios/flight-search';
import { launchServer, type BenchServer } from './server';
import type { Result } from './types';

/**
 * `npm run bench:engines`: flight search (20 connections) and booking creation (10 connections) against one
 * SQLite process, then against two processes on one PostgreSQL database (and Redis), the connections split
 * evenly between them. Needs PostgreSQL at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis at REDIS_URL (default redis://127.0.0.1:6379).
 */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = 10;

type Figures = { search: Result; booking: Result };

/** One load split over the servers: requests and rates add up, the slowest server's percentiles count. */
async function spread(servers: BenchServer[], connections: number, options: (server: BenchServer, index: number) => autocannon.Options): Promise<Result> {
  const runs = await Promise.all(
    servers.map((server, index) => autocannon({ ...options(server, index), connections: connections / servers.length, duration: SECONDS })),
  );
  const results = runs.map(toResult);
  return {
    requests: results.reduce((n, r) => n + r.requests, 0),
    durationS: SECONDS,
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    maxMs: Math.max(...results.map((r) => r.maxMs)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

async function measure(servers: BenchServer[]): Promise<Figures> {
  const [first] = servers;
  if (!first) throw new Error('no server');
  const paths = await searchPaths(first.baseUrl);
  const requests = paths.map((path): autocannon.Request => ({ method: 'GET', path }));
  await spread(servers, 20, (server) => ({ url: server.baseUrl, requests, duration: 3 }));
  const search = await spread(servers, 20, (server) => ({ url: server.baseUrl, requests }));
  const token = await buyerToken(first.baseUrl);
  const queue = bodies(await laterFlights(first.baseUrl), BOOKING_SEATS);
  const booking = await spread(servers, 10, (server, index) => {
    let sent = 0;
    return {
      url: server.baseUrl,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/payments',
          // Each server books its own share of (flight, seat) pairs, so no two requests want one seat.
          setupRequest: (req) => ({ ...req, body: queue[(sent++ * servers.length + index) % queue.length] }),
        },
      ],
    };
  });
  return { search, booking };
}

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

async function onServers<T>(launch: () => Promise<BenchServer[]>, work: (servers: BenchServer[]) => Promise<T>): Promise<T> {
  const servers = await launch();
  try {
    return await work(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const row = (label: string, r: Result) =>
  `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50Ms).padStart(4)} ms  p99 ${String(r.p99Ms).padStart(4)} ms  errors ${r.errors + r.non2xx}`;

async function main() {
  console.log(`load average at start: ${loadavg()[0]?.toFixed(2)}`);
  const sqlite = await onServers(async () => {
    const server = await launchServer();
    await server.ready;
    return [server];
  }, measure);
  const postgres = await withDatabase((url) =>
    onServers(async () => {
      const env = { DATABASE_URL: url, JWT_SECRET: 'bench-secret-of-at-least-thirty-two-characters', REDIS_URL, REDIS_KEY_PREFIX: `bench${process.pid}:` };
      const seeded = await launchServer(env);
      await seeded.ready;
      const second = await launchServer({ ...env, SEED: 'none' });
      await second.ready;
      return [seeded, second];
    }, measure),
  );
  console.log(row('flight search, SQLite, 1 process', sqlite.search));
  console.log(row('flight search, PostgreSQL, 2', postgres.search));
  console.log(row('booking creation, SQLite, 1', sqlite.booking));
  console.log(row('booking creation, PostgreSQL, 2', postgres.booking));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
