import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { scrapeMetrics, type Scrape } from '../../scripts/read-metrics';
import { immediate } from '../db/client';
import { events } from '../db/schema';
import { waitingQueries } from '../metrics/scraped';
import type { DiskStats } from '../ops/machine';
import { actors, book, expectAnswer, paymentBody, upcomingFlight, type Actors } from './booking-fixtures';
import { expectCode, sqliteOf } from './fixtures';
import { client, login, startTestServer, TEST_ENGINE, type TestServer } from './harness';

const TOKEN = 'metrics-token-of-the-test-0123456789';
const MB = 1024 * 1024;

/**
 * GET /metrics (issue #45): the real app on a real port, scraped after a booking, a refused booking, a
 * payment decision, a refund, a pull, a push, a refused write and a socket, and read with a maintained
 * parser of the Prometheus text format. Runs on both engines (vitest.config.ts): on SQLite the booking
 * runs on the booking thread and is still counted.
 */
describe('GET /metrics', () => {
  const disk: DiskStats = { bsize: 4096, blocks: (10_000 * MB) / 4096, bavail: (5_000 * MB) / 4096 };
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  let socket: Socket | undefined;
  const metricsUrl = () => `${server.url}/metrics`;
  const scrape = () => scrapeMetrics(metricsUrl(), TOKEN);

  beforeAll(async () => {
    server = await startTestServer({
      seed: 'demo',
      env: { METRICS_TOKEN: TOKEN, METRICS_PROCESS: 'web-test', DISK_FREE_MIN: '100MB' },
      machine: { statfs: () => Promise.resolve({ ...disk }) },
    });
    who = await actors(server, 'metrics');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
  }, 120_000);

  afterAll(async () => {
    socket?.disconnect();
    await server.stop();
  });

  it('counts what the app did, by bounded labels, with the process and the engine on every series', async () => {
    const before = await scrape();
    expect(before.value('skyway_bookings_created_total')).toBe(0);

    // A booking (on SQLite, on the booking thread), the same seat refused, the payment approved, the booking cancelled and its refund paid.
    const created = await book(who.owner, flight, ['C3']);
    if (TEST_ENGINE === 'sqlite') expect(server.ctx.mutationThread).toBeDefined();
    expectCode(await who.other.post('/api/payments', paymentBody(flight, ['C3'])), 409, 'seat_unavailable');
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200);
    const cancelled = await who.owner.put<{ refundDue: number }>(`/api/bookings/${created.booking._id}/cancel`);
    expectAnswer(cancelled, 200);
    expectAnswer(await who.admin.put(`/api/bookings/${created.booking._id}/refund`, { amount: cancelled.body.refundDue, method: 'Cash App' }), 200);
    expectAnswer(await who.owner.get(`/api/bookings/${created.booking._id}/itinerary.ics`), 200);

    // A pull, and a push of one mutation.
    const clientId = randomUUID();
    const pulled = await who.owner.post<{ changes: { bookings: unknown[]; flights: unknown[] } }>('/api/sync/pull', {
      clientId,
      cursor: null,
      schemaVersion: SYNC_SCHEMA_VERSION,
    });
    expectAnswer(pulled, 200);
    const pushed = await who.owner.post('/api/sync/push', {
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'updateProfile', args: { fullName: 'Metrics Owner', email: 'owner-metrics@example.com' } }],
    });
    expectAnswer(pushed, 200);

    // A write refused for a full disk (507), an unknown API path and a path that is no page.
    disk.bavail = (50 * MB) / disk.bsize;
    await server.ctx.machine.check();
    expect((await who.owner.post('/api/payments', paymentBody(flight, ['C4']))).status).toBe(507);
    disk.bavail = (5_000 * MB) / disk.bsize;
    await server.ctx.machine.check();
    expect((await who.owner.get('/api/no-such-thing')).status).toBe(404);
    expect((await client(server.url).get('/no-such-page.txt')).status).toBe(404);
    expect((await client(server.url).get('/assets/no-such-file.js')).status).toBe(404);

    // An effect waiting to be sent, ten minutes old, due later (so the dispatcher leaves it).
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const effect = { type: 'mail', mail: { to: 'x@example.com', subject: 's', text: 't', html: 'h' } };
    await immediate(server.ctx.db, (tx) =>
      tx
        .insert(events)
        .values({ effect: JSON.stringify(effect), kind: 'mail', createdAt: tenMinutesAgo, dueAt: later })
        .then(() => undefined),
    );

    // A traveller's socket.
    const token = await login(server.url, who.ownerEmail, 'Secret-pass-1');
    socket = connect(server.url, { auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', resolve);
      socket?.once('connect_error', reject);
    });
    await server.ctx.outbox.idle();

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);

    // Node's default metrics.
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_gc_duration_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_active_handles_total']) {
      expect(after.names(), name).toContain(name);
    }

    // Bookings, payments, refunds, mutations.
    expect(delta('skyway_bookings_created_total')).toBe(1);
    expect(delta('skyway_bookings_refused_total', { code: 'seat_unavailable' })).toBe(1);
    expect(delta('skyway_payments_decided_total', { decision: 'approved' })).toBe(1);
    expect(delta('skyway_refunds_paid_total')).toBe(1);
    expect(delta('skyway_mutations_total', { mutation: 'createBooking', outcome: 'applied' })).toBe(1);
    expect(delta('skyway_mutations_total', { mutation: 'cancelBooking', outcome: 'applied' })).toBe(1);
    expect(delta('skyway_mutations_total', { mutation: 'updateProfile', outcome: 'applied' })).toBe(1);

    // Sync.
    expect(delta('skyway_sync_pulls_total', { reset: 'true' })).toBe(1);
    expect(delta('skyway_sync_pull_bytes')).toBe(1);
    expect(delta('skyway_sync_pull_rows_total', { table: 'bookings' })).toBe(pulled.body.changes.bookings.length);
    expect(after.value('skyway_sync_pull_rows_total', { table: 'bookings' })).toBeGreaterThan(0);
    expect(delta('skyway_sync_pushes_total')).toBe(1);
    expect(delta('skyway_sync_push_mutations_total')).toBe(1);

    // The outbox: what was sent by kind, and the waiting mail, ten minutes old.
    expect(delta('skyway_outbox_sent_total', { kind: 'poke' })).toBeGreaterThanOrEqual(4);
    expect(after.value('skyway_outbox_pending_events', { kind: 'mail' })).toBe(1);
    expect(after.value('skyway_outbox_pending_events', { kind: 'poke' })).toBe(0);
    expect(after.value('skyway_outbox_oldest_pending_seconds', { kind: 'mail' })).toBeGreaterThanOrEqual(600);
    expect(after.labelValues('skyway_outbox_pending_events', 'kind').sort()).toEqual(['conversation', 'mail', 'poke', 'push']);

    // Sockets, write waits, refusals.
    expect(after.value('skyway_sockets_connected', { role: 'user' })).toBe(1);
    expect(delta('skyway_db_write_wait_seconds', { lock: 'transaction' })).toBeGreaterThan(5);
    expect(delta('skyway_write_refusals_total', { status: '507' })).toBe(1);

    // Requests by route pattern and status class, never by path.
    const http = 'skyway_http_request_duration_seconds';
    expect(delta(http, { method: 'POST', route: '/api/payments', status: '2xx' })).toBe(1);
    expect(delta(http, { method: 'POST', route: '/api/payments', status: '4xx' })).toBe(1);
    // The write gate refuses before any route matched: the fixed label of the API.
    expect(delta(http, { method: 'POST', route: '/api/*', status: '5xx' })).toBe(1);
    expect(delta(http, { method: 'GET', route: '/api/bookings/:id/itinerary.ics', status: '2xx' })).toBe(1);
    expect(delta(http, { method: 'GET', route: '/api/*', status: '4xx' })).toBe(1);
    expect(delta(http, { method: 'GET', route: 'app-page', status: '4xx' })).toBe(1);
    expect(delta(http, { method: 'GET', route: 'unmatched', status: '4xx' })).toBe(1);
    const routes = after.labelValues(http, 'route');
    expect(routes).toContain('/metrics');
    expect(routes.filter((route) => route.includes(created.booking._id) || route.includes('no-such'))).toEqual([]);

    // Every series names its process and engine.
    for (const name of after.names()) {
      for (const sample of after.samples(name)) expect(sample.labels, name).toMatchObject({ process: 'web-test', engine: TEST_ENGINE });
    }
  });

  it('names the process by its host and port when METRICS_PROCESS is unset', async () => {
    const other = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const scraped = await scrapeMetrics(`${other.url}/metrics`, TOKEN);
      expect(scraped.samples('nodejs_heap_size_used_bytes')[0]?.labels?.process).toBe(`${hostname()}:${new URL(other.url).port}`);
    } finally {
      await other.stop();
    }
  });

  it.runIf(TEST_ENGINE === 'postgres')("on PostgreSQL, tells the pool's use and the age of the oldest open transaction", async () => {
    const url = server.ctx.env.DATABASE_URL ?? '';
    const open = new pg.Client({ connectionString: url });
    await open.connect();
    try {
      await open.query('begin');
      await open.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const scraped: Scrape = await scrape();
      expect(scraped.value('skyway_pg_oldest_transaction_seconds')).toBeGreaterThanOrEqual(1);
      expect(scraped.labelValues('skyway_pg_pool_clients', 'state').sort()).toEqual(['busy', 'idle', 'waiting']);
      expect(scraped.value('skyway_pg_pool_clients', { state: 'idle' }) + scraped.value('skyway_pg_pool_clients', { state: 'busy' })).toBeGreaterThan(0);
      await open.query('rollback');
    } finally {
      await open.end();
    }
  });

  it.runIf(TEST_ENGINE === 'sqlite')('on SQLite, has no pool gauges, and reads the waiting events from their partial index alone', async () => {
    expect((await scrape()).names().filter((name) => name.startsWith('skyway_pg_'))).toEqual([]);
    const sqlite = sqliteOf(server.ctx);
    for (const query of Object.values(waitingQueries(server.ctx.db, 'mail'))) {
      const { sql, params } = query.toSQL();
      const plan = sqlite
        .prepare(`explain query plan ${sql}`)
        .all(...params)
        .map((row) => (row as { detail: string }).detail)
        .join('; ');
      expect(plan).toMatch(/USING COVERING INDEX events_waiting/);
      expect(plan).not.toMatch(/SCAN events(?! USING)/);
    }
  });
});

describe('who may read /metrics', () => {
  const get = (url: string, token?: string) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers 404 on the public port when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const server = await startTestServer();
    try {
      expect((await get(`${server.url}/metrics`)).status).toBe(404);
      expect((await get(`${server.url}/metrics`, TOKEN)).status).toBe(404);
      expect(server.metricsUrl).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('with METRICS_TOKEN, refuses a scrape of the public port without the token or with a wrong one, and answers with it', async () => {
    const server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const none = await get(`${server.url}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await get(`${server.url}/metrics`, `${TOKEN}x`)).status).toBe(401);
      expect((await get(`${server.url}/metrics`, 'short')).status).toBe(401);
      const read = await get(`${server.url}/metrics`, TOKEN);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await read.text()).toMatch(/^# HELP /m);
    } finally {
      await server.stop();
    }
  });

  it('with METRICS_PORT, serves it on that port only (with the token when set too), and 404 on the public port', async () => {
    const open = await startTestServer({ env: { METRICS_PORT: '0' } });
    const guarded = await startTestServer({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    try {
      const openUrl = open.metricsUrl ?? '';
      expect(openUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(openUrl).port).not.toBe(new URL(open.url).port);
      expect((await get(openUrl)).status).toBe(200);
      expect((await get(`${open.url}/metrics`)).status).toBe(404);
      expect((await get(openUrl.replace('/metrics', '/api/health'))).status).toBe(404);

      const guardedUrl = guarded.metricsUrl ?? '';
      expect((await get(guardedUrl)).status).toBe(401);
      expect((await get(guardedUrl, 'wrong-token-of-enough-characters')).status).toBe(401);
      expect((await get(guardedUrl, TOKEN)).status).toBe(200);
      expect((await get(`${guarded.url}/metrics`, TOKEN)).status).toBe(404);
    } finally {
      await Promise.all([open.stop(), guarded.stop()]);
    }
  });
});
