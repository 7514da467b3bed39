import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { freePort } from '../../scripts/free-port';
import { paymentBody } from './booking-fixtures';
import { crash, startChild, type ChildServer } from './child-server';
import { bookableFlights, holdWriteLock, percentile, readOnly, timed, type Timed } from './fault-fixtures';
import { ADMIN, login, registerUser, TRAVELLER } from './harness';

/**
 * The real server as a child process while another process holds the database's write lock
 * (BEGIN EXCLUSIVE, as an operator's sqlite3 session or a backup tool would) for 8 s.
 */
describe('machine faults: another process holds the write lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-lock-'));
  let child: ChildServer;
  let token = '';
  /** The figures of /api/health are an admin's to read. */
  let admin = '';
  let buyers: string[] = [];
  let flights: Flight[] = [];

  beforeAll(async () => {
    child = await startChild(dataDir, await freePort());
    token = await login(child.url, TRAVELLER.email, TRAVELLER.password);
    admin = await login(child.url, ADMIN.email, ADMIN.password);
    // Six travellers of their own: the cap on unpaid bookings per account stays out of the way.
    buyers = await Promise.all(Array.from({ length: 6 }, async (_, i) => (await registerUser(child.url, `locked-${i}@example.com`)).token));
    flights = await bookableFlights(child.url, dataDir, 7);
  }, 240_000);

  afterAll(async () => {
    if (child) await crash(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const book = (flight: Flight, seats: string[], buyer: number) =>
    timed(`${child.url}/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyers[buyer] ?? ''}` },
      body: JSON.stringify(paymentBody(flight, seats)),
    });

  const health = () => timed(`${child.url}/api/health`, { headers: { authorization: `Bearer ${admin}` } });

  const clientId = randomUUID();
  const pushProfile = () =>
    timed(`${child.url}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        clientId,
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [{ id: 1, name: 'updateProfile', args: { fullName: 'Locked Out', email: TRAVELLER.email } }],
      }),
    });

  it('answers reads and health at once and every write (six bookings, a sync push) within about 2 s, then takes writes again', async () => {
    const lock = await holdWriteLock(dataDir, 8_000);
    const lockedAt = performance.now();
    const reads: Timed[] = [];
    const probes: Timed[] = [];
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; streaming; i++) {
        const flight = flights[i % flights.length];
        const [read, probe] = await Promise.all([timed(`${child.url}/api/flights/${flight?._id ?? ''}`), health()]);
        reads.push(read);
        probes.push(probe);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const writes = await Promise.all([...flights.slice(0, 6).map((flight, i) => book(flight, ['A1'], i)), pushProfile()]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_000 - (performance.now() - lockedAt))));
    streaming = false;
    await stream;
    const figures = {
      writesMs: writes.map((w) => Math.round(w.ms)),
      writeStatuses: writes.map((w) => w.status),
      readP99: Math.round(
        percentile(
          reads.map((r) => r.ms),
          99,
        ),
      ),
      healthP99: Math.round(
        percentile(
          probes.map((r) => r.ms),
          99,
        ),
      ),
      healthStatuses: [...new Set(probes.map((h) => h.status))],
      reads: reads.length,
      slowest: [...reads, ...probes]
        .map((r) => Math.round(r.ms))
        .sort((a, b) => b - a)
        .slice(0, 6),
    };
    console.log('write lock held by another process:', JSON.stringify(figures));

    expect(figures.readP99, 'flight reads p99 (ms)').toBeLessThan(50);
    expect(figures.healthP99, '/api/health p99 (ms)').toBeLessThan(50);
    for (const write of writes) {
      expect(write.ms, 'a booking waited past the bound').toBeLessThan(2_500);
      expect(write.status).toBe(503);
      expect(Number(write.retryAfter)).toBeGreaterThan(0);
      expect(write.body).toEqual({ code: 'database_locked', message: expect.any(String) as string });
      expect((write.body as { message: string }).message).toMatch(/cannot take new changes right now/);
    }
    expect(probes.every((h) => h.status === 503)).toBe(true);
    expect(probes.at(-1)?.body).toMatchObject({ status: 'degraded', database: 'locked' });

    await lock.released;
    const after = await Promise.all(flights.slice(0, 6).map((flight, i) => book(flight, ['A1'], i)));
    expect(after.map((w) => w.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const pushed = await pushProfile();
    expect(pushed.status).toBe(200);
    expect(pushed.body).toEqual({ lastMutationId: 1, results: [] });
    const healthAfter = await health();
    expect(healthAfter.status).toBe(200);
    expect(healthAfter.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(readOnly(dataDir, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
  }, 60_000);
});
