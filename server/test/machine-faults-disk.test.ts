import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { freePort } from '../../scripts/free-port';
import { paymentBody } from './booking-fixtures';
import { crash, startChild, type ChildServer } from './child-server';
import { bookableFlights, readOnly, timed } from './fault-fixtures';
import { imageForm, makeImage } from './fixtures';
import { ADMIN, login, registerUser, TRAVELLER } from './harness';

/**
 * The real server as a child process with its data and its log on a small tmpfs, which is then
 * filled to the brim and freed again. Needs root (mount); without it the test says so and the
 * logger and watermark are proven against a fake statfs and a failing stream
 * (machine-faults-fake.test.ts, which runs everywhere).
 */
const root = mkdtempSync(path.join(tmpdir(), 'skyway-disk-'));
function mountTmpfs(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', root], { stdio: 'pipe' });
    return true;
  } catch (error) {
    console.warn(
      `Cannot mount a tmpfs at ${root} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): the full-disk test on a real server is SKIPPED; machine-faults-fake.test.ts proves the logger and the watermark against a fake statfs and a failing stream.`,
    );
    return false;
  }
}
const mounted = mountTmpfs();

const MB = 1024 * 1024;
const freeBytes = () => {
  const stats = statfsSync(root);
  return stats.bavail * stats.bsize;
};

/** Appends to `file` until at most `target` bytes are free (0: until the disk refuses any more). */
function fill(file: string, target: number): void {
  for (const chunk of [MB, 64 * 1024, 4096, 512]) {
    for (;;) {
      const room = freeBytes() - target;
      if (room <= 0 && target > 0) return;
      try {
        appendFileSync(file, Buffer.alloc(target > 0 ? Math.min(chunk, room) : chunk));
      } catch {
        break;
      }
    }
  }
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, limitMs: number): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    const ms = performance.now() - started;
    if (done(value) || ms > limitMs) return { value, ms };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!mounted)('machine faults: the disk of the data and the logs fills up (tmpfs)', () => {
  const dataDir = path.join(root, 'data');
  const filler = path.join(root, 'filler');
  let child: ChildServer;
  let token = '';
  /** The figures of /api/health are an admin's to read. */
  let admin = '';
  /** Bookings come from a new account: the demo traveller's seeded unpaid bookings count against the cap. */
  let buyer = '';
  let flights: Flight[] = [];
  const acked: string[] = [];

  beforeAll(async () => {
    mkdirSync(dataDir);
    // NOTE: at debug every request writes a line, so the full log disk has lines to drop.
    child = await startChild(dataDir, await freePort(), { env: { LOG_LEVEL: 'debug', DISK_FREE_MIN: '6MB' }, logFile: path.join(root, 'server.log') });
    token = await login(child.url, TRAVELLER.email, TRAVELLER.password);
    admin = await login(child.url, ADMIN.email, ADMIN.password);
    buyer = (await registerUser(child.url, 'full-disk@example.com')).token;
    flights = await bookableFlights(child.url, dataDir, 4);
  }, 240_000);

  afterAll(async () => {
    if (child) await crash(child);
    if (mounted) execFileSync('umount', [root]);
    rmSync(root, { recursive: true, force: true });
  });

  const health = () => timed(`${child.url}/api/health`, { headers: { authorization: `Bearer ${admin}` } }, 3_000);
  const book = async (flight: Flight, seat: string) => {
    const res = await timed(
      `${child.url}/api/payments`,
      { method: 'POST', headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' }, body: JSON.stringify(paymentBody(flight, [seat])) },
      3_000,
    );
    if (res.status === 201) acked.push((res.body as { booking: { _id: string } }).booking._id);
    return res;
  };
  const upload = async () =>
    timed(
      `${child.url}/api/images`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: imageForm(await makeImage(40, 30), 'r.png', 'image/png', { kind: 'receipt' }) },
      3_000,
    );
  const push = () =>
    timed(
      `${child.url}/api/sync/push`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: randomUUID(),
          schemaVersion: SYNC_SCHEMA_VERSION,
          mutations: [{ id: 1, name: 'updateProfile', args: { fullName: 'Full Disk', email: TRAVELLER.email } }],
        }),
      },
      3_000,
    );

  it('refuses uploads, then writes, with 507; reads, the app shell and sign-in go on; all of it recovers by itself', async () => {
    const [first, second, third, fourth] = flights;
    if (!first || !second || !third || !fourth) throw new Error('the demo catalogue has too few flights ahead');
    const figures: Record<string, unknown> = {};
    expect((await book(first, 'A1')).status).toBe(201);

    fill(filler, 9 * MB);
    const low = await until(health, (h) => (h.body as { disk?: { uploadsRefused?: boolean } } | undefined)?.disk?.uploadsRefused === true, 5_000);
    figures.uploadsRefusedAfterMs = Math.round(low.ms);
    const refusedUpload = await upload();
    figures.uploadBelowTwiceTheFloor = refusedUpload.status;
    const bookedWhileLow = await book(second, 'A1');
    figures.bookingBelowTwiceTheFloor = bookedWhileLow.status;

    fill(filler, 0);
    const full = await until(health, (h) => h.status === 503 || h.status === 0, 5_000);
    figures.healthDegradedAfterMs = Math.round(full.ms);
    figures.healthWhenFull = { status: full.value.status, body: full.value.body };
    const bookingWhenFull = await book(third, 'A1');
    const pushWhenFull = await push();
    figures.writesWhenFull = { booking: bookingWhenFull.status, push: pushWhenFull.status, upload: (await upload()).status };

    // A stream of reads, each logged to the full disk, for 3 s: none may hang.
    const reads: number[] = [];
    const streamUntil = performance.now() + 3_000;
    while (performance.now() < streamUntil) {
      const [flight, shell, signIn] = await Promise.all([
        timed(`${child.url}/api/flights/${first._id}`, {}, 3_000),
        timed(`${child.url}/`, {}, 3_000),
        timed(
          `${child.url}/api/auths/login`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: TRAVELLER.email, password: TRAVELLER.password }) },
          3_000,
        ),
      ]);
      reads.push(flight.status, shell.status, signIn.status);
    }
    figures.readStatusesWhenFull = [...new Set(reads)];
    const lastHealth = await health();
    figures.droppedLogLines = (lastHealth.body as { log?: { droppedLines?: number } } | undefined)?.log?.droppedLines;

    rmSync(filler);
    const back = await until(health, (h) => h.status === 200 && (h.body as { status?: string } | undefined)?.status === 'ok', 10_000);
    figures.recoveredAfterMs = Math.round(back.ms);
    const bookedAfter = await book(fourth, 'A1');
    figures.bookingAfterRecovery = bookedAfter.status === 201 ? 201 : { status: bookedAfter.status, body: bookedAfter.body };
    console.log('disk full:', JSON.stringify(figures));

    expect(refusedUpload.status).toBe(507);
    expect(refusedUpload.body).toEqual({ code: 'storage_full', message: expect.any(String) as string });
    expect((refusedUpload.body as { message: string }).message).toMatch(/cannot take new uploads right now/);
    expect(bookedWhileLow.status).toBe(201);
    expect(full.value.status).toBe(503);
    expect(full.ms, 'health reports the full disk within 1 s').toBeLessThan(1_000);
    expect(full.value.body).toMatchObject({ status: 'degraded', database: 'full', disk: { watermarkBytes: 6 * MB, uploadsRefused: true } });
    expect(figures.writesWhenFull).toEqual({ booking: 507, push: 507, upload: 507 });
    expect(bookingWhenFull.body).toEqual({ code: 'storage_full', message: expect.any(String) as string });
    expect((bookingWhenFull.body as { message: string }).message).toMatch(/cannot take new changes right now/);
    expect(Number(bookingWhenFull.retryAfter)).toBeGreaterThan(0);
    expect(figures.readStatusesWhenFull).toEqual([200]);
    expect(figures.droppedLogLines).toBeGreaterThan(0);
    expect(back.value.status).toBe(200);
    expect(figures.bookingAfterRecovery).toBe(201);

    await crash(child);
    readOnly(dataDir, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const found = db.prepare(`select count(*) as n from bookings where id in (${acked.map(() => '?').join(',')})`).get(...acked) as { n: number };
      expect(found.n).toBe(acked.length);
      // And no booking answered 507 was kept: the buyer has exactly the bookings it was told of.
      const buyers = db.prepare(`select count(*) as n from bookings where user_id = (select user_id from bookings where id = ?)`).get(acked[0]) as {
        n: number;
      };
      expect(buyers.n).toBe(acked.length);
    });
  }, 120_000);
});
