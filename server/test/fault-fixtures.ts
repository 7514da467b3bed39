import { spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import type { Flight } from '../../sync/schemas/flight';
import { databaseFile } from '../db/client';
import { client } from './harness';

export type Timed = { status: number; ms: number; retryAfter: string | null; body: unknown };

/** One request with its time; a server that does not answer within `limitMs` counts as status 0. */
export async function timed(url: string, init: RequestInit = {}, limitMs = 20_000): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), body };
  } catch {
    return { status: 0, ms: performance.now() - started, retryAfter: null, body: undefined };
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function readOnly<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Scheduled flights a few days to weeks ahead with no seat taken (the demo bookings hold A1 on one), as the API shows them. */
export async function bookableFlights(baseUrl: string, dataDir: string, count: number): Promise<Flight[]> {
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 45 * 86_400_000).toISOString();
  const ids = readOnly(dataDir, (db) =>
    (
      db
        .prepare(
          "select id from flights where status = 'scheduled' and departure_time between ? and ? and id not in (select flight_id from seat_allocations) order by random() limit ?",
        )
        .all(from, to, count) as {
        id: string;
      }[]
    ).map((r) => r.id),
  );
  return Promise.all(ids.map(async (id) => (await client(baseUrl).get<Flight>(`/api/flights/${id}`)).body));
}

/**
 * Another process (an operator's sqlite3 session, a backup tool) holding the database's write lock
 * with BEGIN EXCLUSIVE for `holdMs`. Resolves once the lock is taken; `released` once it is let go.
 */
export async function holdWriteLock(dataDir: string, holdMs: number): Promise<{ proc: ChildProcess; released: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));`;
  const proc = spawn(process.execPath, ['-e', script, databaseFile(dataDir), String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const released = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    proc.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return { proc, released };
}
