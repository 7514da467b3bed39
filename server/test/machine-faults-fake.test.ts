import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { write } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { DroppingDestination, processLog } from '../ops/log-destination';
import type { DiskStats } from '../ops/machine';
import { paymentBody, upcomingFlight } from './booking-fixtures';
import { imageForm, makeImage, sqliteOf } from './fixtures';
import { ADMIN, client, login, startTestServer, TRAVELLER, type TestServer } from './harness';

/**
 * The logger and the free-space watermark without a disk to fill: a write that fails (or never
 * completes) and a fake statfs. Runs everywhere, also where the tmpfs test cannot mount.
 */
type Callback = (error: NodeJS.ErrnoException | null, written: number) => void;
type Call = { text: string; done: Callback };

function fakeWrite(calls: Call[]): typeof write {
  const fake = (_fd: number, buffer: Buffer, offset: number, length: number, _position: null, done: Callback) => {
    calls.push({ text: buffer.subarray(offset, offset + length).toString(), done });
  };
  return fake as unknown as typeof write;
}

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('the log destination never blocks and counts what it drops', () => {
  it('drops and counts lines a full disk refuses, and writes the next ones once it takes them', () => {
    const calls: Call[] = [];
    const destination = new DroppingDestination(1, 1024, fakeWrite(calls));
    destination.write('one\n');
    destination.write('two\n');
    expect(calls.map((c) => c.text)).toEqual(['one\n']);
    calls[0]?.done(failure('ENOSPC'), 0);
    expect(destination.dropped).toBe(1);
    expect(calls[1]?.text).toBe('two\n');
    calls[1]?.done(null, 4);
    expect(destination.dropped).toBe(1);
  });

  it('keeps at most its bound while a write hangs, dropping the rest at once', () => {
    const calls: Call[] = [];
    const destination = new DroppingDestination(1, 20, fakeWrite(calls));
    for (let i = 0; i < 10; i++) expect(destination.write(`line ${i}\n`)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(destination.dropped).toBe(7);
  });

  it('writes the rest of a partial write', () => {
    const calls: Call[] = [];
    const destination = new DroppingDestination(1, 1024, fakeWrite(calls));
    destination.write('abcdef\n');
    calls[0]?.done(null, 3);
    expect(calls[1]?.text).toBe('def\n');
  });

  it('sends errors to stderr and the rest to stdout, each line once', () => {
    const out: Call[] = [];
    const err: Call[] = [];
    const log = processLog(new DroppingDestination(1, 1024, fakeWrite(out)), new DroppingDestination(2, 1024, fakeWrite(err)));
    const logger = pino({ level: 'info' }, log.stream);
    logger.error('broken');
    logger.info('fine');
    expect(err.map((c) => (JSON.parse(c.text) as { msg: string }).msg)).toEqual(['broken']);
    expect(out.map((c) => (JSON.parse(c.text) as { msg: string }).msg)).toEqual(['fine']);
    err[0]?.done(failure('EIO'), 0);
    expect(log.dropped()).toBe(1);
  });
});

describe('the free-space watermark against a fake statfs (DISK_FREE_MIN=100MB)', () => {
  const MB = 1024 * 1024;
  const disk: DiskStats = { bsize: 4096, blocks: (10_000 * MB) / 4096, bavail: (5_000 * MB) / 4096 };
  const setFree = async (bytes: number) => {
    disk.bavail = Math.floor(bytes / disk.bsize);
    await server.ctx.machine.check();
  };
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let admin: ReturnType<typeof client>;
  let flight: Flight;
  let dropped = 0;

  beforeAll(async () => {
    server = await startTestServer({
      seed: 'demo',
      env: { DISK_FREE_MIN: '100MB', RATE_LIMITS: 'off' },
      machine: { statfs: () => Promise.resolve({ ...disk }), droppedLines: () => dropped },
    });
    api = client(server.url, await login(server.url, TRAVELLER.email, TRAVELLER.password));
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    flight = await upcomingFlight(server.url);
  }, 120_000);

  afterAll(() => server.stop());

  const upload = async () => api.post('/api/images', imageForm(await makeImage(40, 30), 'r.png', 'image/png', { kind: 'receipt' }));
  const push = () =>
    api.post('/api/sync/push', {
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'updateProfile', args: { fullName: 'Fake Disk', email: TRAVELLER.email } }],
    });

  it('refuses uploads below twice the floor, every change below it, and recovers when space returns', async () => {
    await setFree(150 * MB);
    const refused = await upload();
    expect(refused.status).toBe(507);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await api.post('/api/payments', paymentBody(flight, ['A1']))).status).toBe(201);
    const low = await admin.get('/api/health');
    expect([low.status, low.body]).toEqual([
      200,
      {
        status: 'degraded',
        engine: 'sqlite',
        database: 'ok',
        disk: { freeBytes: 150 * MB, watermarkBytes: 100 * MB, uploadsRefused: true },
        log: { droppedLines: 0 },
      },
    ]);

    await setFree(50 * MB);
    dropped = 3;
    const booking = await api.post<{ message: string }>('/api/payments', paymentBody(flight, ['A2']));
    expect(booking.status).toBe(507);
    expect(booking.body.message).toMatch(/cannot take new changes right now/);
    expect((await push()).status).toBe(507);
    const full = await admin.get('/api/health');
    expect([full.status, full.body]).toEqual([
      503,
      {
        status: 'degraded',
        engine: 'sqlite',
        database: 'full',
        disk: { freeBytes: 50 * MB, watermarkBytes: 100 * MB, uploadsRefused: true },
        log: { droppedLines: 3 },
      },
    ]);
    expect((await api.get(`/api/flights/${flight._id}`)).status).toBe(200);
    expect((await client(server.url).get('/')).status).toBe(200);
    expect((await client(server.url).post('/api/auths/login', { email: TRAVELLER.email, password: TRAVELLER.password })).status).toBe(200);
    expect((await api.post('/api/sync/pull', { clientId: randomUUID(), cursor: null, schemaVersion: SYNC_SCHEMA_VERSION })).status).toBe(200);

    await setFree(5_000 * MB);
    expect((await api.post('/api/payments', paymentBody(flight, ['A2']))).status).toBe(201);
    expect((await upload()).status).toBe(201);
    expect((await admin.get('/api/health')).body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers SQLITE_FULL from anywhere with the same 507', async () => {
    const sqlite = sqliteOf(server.ctx);
    sqlite.exec('create table filler (b blob)');
    sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
    const insert = sqlite.prepare('insert into filler values (randomblob(?))');
    for (const size of [4000, 400, 40, 1]) {
      try {
        for (;;) insert.run(size);
      } catch {
        // This size no longer fits: a smaller one may.
      }
    }
    try {
      // New guests until a page no longer fits: each one a user row and its index entries.
      const statuses = new Set<number>();
      let answer = await client(server.url).post<{ message: string }>('/api/users/login-guest', { fullName: 'Guest 0', email: 'guest0@example.com' });
      for (let i = 1; answer.status === 201 && i < 2_000; i++) {
        statuses.add(answer.status);
        answer = await client(server.url).post<{ message: string }>('/api/users/login-guest', { fullName: `Guest ${i}`, email: `guest${i}@example.com` });
      }
      expect([...statuses, answer.status]).toEqual([201, 507]);
      expect(answer.body.message).toMatch(/cannot take new changes right now/);
    } finally {
      sqlite.exec('drop table filler');
      sqlite.pragma('max_page_count = 4294967294');
    }
    expect((await api.post('/api/payments', paymentBody(flight, ['B1']))).status).toBe(201);
  });

  it('signs in while another process holds the write lock, counting attempts in memory by the same rule', async () => {
    const other = new Database(path.join(server.dataDir, 'airline.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const signIn = (password: string) => client(server.url).post('/api/auths/login', { email: TRAVELLER.email, password });
      expect((await signIn(TRAVELLER.password)).status).toBe(200);
      const wrong: number[] = [];
      for (let i = 0; i < 11; i++) wrong.push((await signIn('not-the-password')).status);
      expect(wrong).toEqual([...Array<number>(10).fill(401), 429]);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });
});
