import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../db/client';
import { parseEnv } from '../env';
import { backupsDir, listBackups, takeBackup } from '../ops/backup';
import { lockFile, runningServer } from '../ops/server-lock';
import { RestoreError, restoreBackup } from '../ops/restore';
import { expectedTables, verifyDatabase, VerifyError } from '../ops/verify';
import { seedIfEmpty } from '../seed/seed';
import { imagePath } from '../services/images/images';
import { createContext, listen, type ListenOptions, type Running } from '../start';
import { paymentBody, upcomingFlight } from './booking-fixtures';
import { ADMIN, client, login, TRAVELLER } from './harness';
import { sqliteOf } from './fixtures';

const run = promisify(execFile);
const TSX = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const ROOT = path.resolve(import.meta.dirname, '../..');

const folders: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'skyway-backup-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The real app on DATA_DIR, with listen options (backup schedule, grace). */
async function serve(dataDir: string, options: ListenOptions = {}, seed: 'demo' | 'none' = 'demo'): Promise<Running> {
  const env = parseEnv({ PORT: '0', DATA_DIR: dataDir, SEED: seed, ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: TRAVELLER.password, LOG_LEVEL: 'silent' });
  const ctx = await createContext(env, pino({ level: 'silent' }));
  await seedIfEmpty(ctx);
  return listen(ctx, { backups: false, ...options });
}

/** A DATA_DIR with the demo catalogue: seeded once, copied for each test. */
let template = '';
beforeAll(async () => {
  template = mkdtempSync(path.join(tmpdir(), 'skyway-backup-template-'));
  await (await serve(template)).close();
});
afterAll(() => rmSync(template, { recursive: true, force: true }));

function demoDataDir(): string {
  const dir = tempDir();
  cpSync(template, dir, { recursive: true });
  return dir;
}

function count(file: string, table: 'bookings' | 'images'): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function bookOnce(url: string, seat: string) {
  const api = client(url, await login(url, TRAVELLER.email, TRAVELLER.password));
  const flight = await upcomingFlight(url, 'LOS', 'LHR', 9);
  const res = await api.post<{ booking: { _id: string } }>('/api/payments', paymentBody(flight, [seat]));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { api, bookingId: res.body.booking._id };
}

describe('backups', () => {
  it('a backup taken under write load is a verified folder with the database and every image it names', async () => {
    const dataDir = demoDataDir();
    const server = await serve(dataDir);
    try {
      const { api } = await bookOnce(server.url, 'A1');
      const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
      const writes = ['A2', 'A3', 'A4', 'B1', 'B2', 'B3'].map((seat) => api.post('/api/payments', paymentBody(flight, [seat])));
      const result = await takeBackup(sqliteOf(server.ctx), dataDir);
      await Promise.all(writes);

      expect(path.dirname(result.dir)).toBe(backupsDir(dataDir));
      expect(path.basename(result.dir)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);
      expect(readdirSync(result.dir).sort()).toEqual(['airline.sqlite', 'images', 'manifest.json']);
      const verified = verifyDatabase(databaseFile(result.dir));
      expect(verified.bookings).toBe(result.bookings);
      expect(result.bookings).toBeGreaterThanOrEqual(count(databaseFile(dataDir), 'bookings') - 6);
      expect(verified.images.length).toBeGreaterThan(0);
      for (const id of verified.images) expect(existsSync(imagePath(result.dir, id)), id).toBe(true);
      expect(result.missingImages).toEqual([]);
      // A single self-contained file: no WAL beside it that a copy could forget.
      expect(readdirSync(result.dir).some((f) => f.endsWith('-wal'))).toBe(false);
      expect(JSON.parse(readFileSync(path.join(result.dir, 'manifest.json'), 'utf8'))).toMatchObject({ integrity: 'ok', bookings: result.bookings });
    } finally {
      await server.close();
    }
  });

  it('keeps the newest 7 backups', async () => {
    const dataDir = tempDir();
    const server = await serve(dataDir, {}, 'none');
    try {
      const stamps: string[] = [];
      for (let day = 1; day <= 9; day++) stamps.push((await takeBackup(sqliteOf(server.ctx), dataDir, new Date(Date.UTC(2030, 0, day)))).stamp);
      expect(listBackups(dataDir)).toEqual(stamps.slice(2));
    } finally {
      await server.close();
    }
  });

  it('the server takes its own backup when the last is a day old, on an unref’d timer that close() clears', async () => {
    const dataDir = tempDir();
    const server = await serve(dataDir, { backups: { everyMs: 24 * 3_600_000, checkEveryMs: 40 } }, 'none');
    try {
      await expect.poll(() => listBackups(dataDir).length, { timeout: 5_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(listBackups(dataDir)).toHaveLength(1);
    } finally {
      await server.close();
    }
    expect(existsSync(lockFile(dataDir))).toBe(false);
  });

  it('verification refuses a damaged file and a database that is not ours', () => {
    const dir = tempDir();
    const garbage = path.join(dir, 'garbage.sqlite');
    writeFileSync(garbage, Buffer.alloc(8192, 7));
    expect(() => verifyDatabase(garbage)).toThrow(VerifyError);
    const foreign = path.join(dir, 'foreign.sqlite');
    const db = new Database(foreign);
    db.exec('create table notes (id integer primary key, text text)');
    db.close();
    expect(() => verifyDatabase(foreign)).toThrow(/missing tables/);
    expect(expectedTables()).toEqual(expect.arrayContaining(['bookings', 'payments', 'seat_allocations', 'travellers', 'images', 'sync_state']));
  });
});

describe('restore', () => {
  it('refuses while the server runs, then brings back the database and its images and keeps what it replaced', async () => {
    const dataDir = demoDataDir();
    let server = await serve(dataDir);
    const { api } = await bookOnce(server.url, 'C1');
    const backup = await takeBackup(sqliteOf(server.ctx), dataDir);
    const before = verifyDatabase(databaseFile(backup.dir));
    // Changes after the backup: a booking and a receipt image, both gone after the restore.
    await bookOnce(server.url, 'C2');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(readFileSync(imagePath(dataDir, before.images[0] ?? '')))], { type: 'image/webp' }), 'r.webp');
    form.append('kind', 'receipt');
    const uploaded = await api.post<{ _id: string }>('/api/images', form);
    expect(uploaded.status).toBe(201);

    expect(runningServer(dataDir)?.pid).toBe(process.pid);
    await expect(restoreBackup(backup.dir, dataDir)).rejects.toThrow(/Refusing to restore: the server \(pid \d+, http:\/\/127\.0\.0\.1:\d+\) is running/);
    await server.close();
    expect(runningServer(dataDir)).toBeUndefined();

    const result = await restoreBackup(path.join(backup.dir, 'airline.sqlite'), dataDir);
    expect(result.bookings).toBe(before.bookings);
    expect(count(databaseFile(dataDir), 'bookings')).toBe(before.bookings);
    expect(existsSync(imagePath(dataDir, uploaded.body._id))).toBe(false);
    for (const id of before.images) expect(existsSync(imagePath(dataDir, id))).toBe(true);
    expect(result.previous && count(databaseFile(result.previous), 'bookings')).toBe(before.bookings + 1);
    expect(result.previous && existsSync(imagePath(result.previous, uploaded.body._id))).toBe(true);

    server = await serve(dataDir);
    try {
      const image = before.images[0] ?? '';
      const adminApi = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
      expect((await adminApi.get(`/api/images/${image}`)).status).toBe(200);
      expect((await adminApi.get<unknown[]>('/api/bookings?limit=100')).headers.get('x-total-count')).toBe(String(before.bookings));
    } finally {
      await server.close();
    }
  });

  it('refuses a damaged backup and leaves the current data alone', async () => {
    const dataDir = demoDataDir();
    const server = await serve(dataDir);
    const backup = await takeBackup(sqliteOf(server.ctx), dataDir);
    await server.close();
    const file = databaseFile(backup.dir);
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096, 4096 * 3);
    writeFileSync(file, bytes);
    const bookings = count(databaseFile(dataDir), 'bookings');
    await expect(restoreBackup(backup.dir, dataDir)).rejects.toThrow(RestoreError);
    expect(count(databaseFile(dataDir), 'bookings')).toBe(bookings);
    expect(readdirSync(backupsDir(dataDir)).some((name) => name.startsWith('pre-restore'))).toBe(false);
  });

  it('npm run backup and npm run restore: zod-checked arguments, clear messages, exit codes', async () => {
    const dataDir = tempDir();
    const server = await serve(dataDir, {}, 'none');
    await server.close();
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const backup = await run(TSX, ['server/ops/backup-cli.ts'], { cwd: ROOT, env });
    expect(backup.stdout).toMatch(/^Backup written to .*backups\/\d{4}-.*Z\n {2}integrity_check: ok, \d+ bookings, \d+ images/);
    const usage = await run(TSX, ['server/ops/restore-cli.ts'], { cwd: ROOT, env }).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/Name exactly one backup to restore\nUsage: /) as unknown });
    const [stamp] = listBackups(dataDir);
    const restored = await run(TSX, ['server/ops/restore-cli.ts', path.join(backupsDir(dataDir), stamp ?? '')], { cwd: ROOT, env });
    expect(restored.stdout).toMatch(/^Restored .* into .*\n {2}integrity_check: ok/);
  });
});
