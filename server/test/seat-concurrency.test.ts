import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { SEAT_LABELS } from '../../sync/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatAllocations } from '../db/schema';
import { setRateLimits } from '../middleware/rate-limits';
import { client, engineEnv, registerUser, startTestServer, type Answer, type TestServer } from './harness';
import { activeSeats, messageOf, paymentBody, seatView, upcomingFlight, type Api } from './booking-fixtures';
import { countRows } from './fixtures';
import { observe } from './observer';
import { freePort } from '../../scripts/free-port';

const BUYERS = 50;
const ROOT = path.resolve(import.meta.dirname, '../..');

/** New accounts on every call, so CI's one retry of a test (docs/decisions/014) meets no taken e-mail. */
async function buyers(baseUrls: string[], tag: string): Promise<Api[]> {
  const attempt = randomUUID().slice(0, 8);
  return Promise.all(
    Array.from({ length: BUYERS }, async (_, i) => {
      const baseUrl = baseUrls[i % baseUrls.length] ?? '';
      const { token } = await registerUser(baseUrl, `buyer-${tag}-${attempt}-${i}@example.com`, 'Secret-pass-1', `Buyer ${i}`);
      return client(baseUrl, token);
    }),
  );
}

/** Exactly one 201; every other answer a 409 naming the seat; never a 5xx. */
function expectOneWinner(answers: Answer[], seat: string): void {
  const statuses = answers.map((a) => a.status);
  expect(
    statuses.filter((s) => s >= 500),
    JSON.stringify(answers.filter((a) => a.status >= 500).map((a) => a.body)),
  ).toEqual([]);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  const losers = answers.filter((a) => a.status !== 201);
  expect(losers).toHaveLength(BUYERS - 1);
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(messageOf(loser)).toBe(`Seat ${seat} is no longer available`);
  }
}

describe(`${BUYERS} simultaneous buyers of one seat`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    // Fifty buyers sign up from this one address.
    setRateLimits(server.ctx, { register: 1000 });
  });
  afterAll(() => server.stop());

  it('one server: exactly one success, 49 answers of 409, zero 5xx', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    const before = await seatView(server, flight._id);
    const apis = await buyers([server.url], 'one');
    const bookingsBefore = await countRows(server, 'bookings');
    const answers = await Promise.all(apis.map((api) => api.post('/api/payments', paymentBody(flight, ['D3']))));
    expectOneWinner(answers, 'D3');
    expect(await countRows(server, 'bookings')).toBe(bookingsBefore + 1);
    expect(await activeSeats(server, flight._id)).toEqual([...before.taken, 'D3'].sort());
    expect((await seatView(server, flight._id)).available).toBe(before.available - 1);
  });

  it('one server, overlapping seat pairs: no seat is ever held twice', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const apis = await buyers([server.url], 'pairs');
    const pairs = apis.map((_, i) => [`${'ABCDEF'[i % 6] ?? 'A'}${(i % 4) + 1}`, `${'ABCDEF'[(i + 1) % 6] ?? 'A'}${((i + 1) % 4) + 1}`]);
    const answers = await Promise.all(apis.map((api, i) => api.post('/api/payments', paymentBody(flight, pairs[i] ?? []))));
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
    const won = answers.flatMap((a, i) => (a.status === 201 ? (pairs[i] ?? []) : []));
    expect(new Set(won).size).toBe(won.length);
    expect(await activeSeats(server, flight._id)).toEqual([...won].sort());
    expect((await seatView(server, flight._id)).available).toBe(24 - won.length);
  });
});

/**
 * A POST that, answered 503 with Retry-After, is sent again after it (twice at most), as the PWA's outbox
 * does. On SQLite two processes take turns at one file's write lock, and a request that waits for it past
 * the write gate's bound (middleware/write-gate.ts) is told to come back: on a slow machine 50 buyers at
 * once can queue that long. What must hold is one winner and 409s for the rest once each buyer is answered.
 */
async function postFollowingRetryAfter(api: Api, path: string, body: unknown): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await api.post(path, body);
    const retryAfter = Number(answer.headers.get('retry-after'));
    if (answer.status !== 503 || !retryAfter || attempt === 2) return answer;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

type Proc = { child: ChildProcess; url: string; output: string[] };

async function startProcess(dataDir: string, seed: 'demo' | 'none', engine: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: seed,
      ADMIN_PASSWORD: 'Admin-pass-123',
      DEMO_PASSWORD: 'Demo-pass-123',
      LOG_LEVEL: 'silent',
      SMTP_URL: '',
      ...engine,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output.join('')}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, url, output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${url} not healthy within 120 s: ${output.join('')}`);
}

function stopProcess(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
    proc.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    proc.child.kill('SIGTERM');
  });
}

describe(`${BUYERS} simultaneous buyers across two server processes on one database`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-two-'));
  let engine: Awaited<ReturnType<typeof engineEnv>> | undefined;
  let first: Proc | undefined;
  let second: Proc | undefined;

  beforeAll(async () => {
    engine = await engineEnv();
    first = await startProcess(dataDir, 'demo', engine.vars);
    second = await startProcess(dataDir, 'none', engine.vars);
  }, 250_000);
  afterAll(async () => {
    await Promise.all([stopProcess(first), stopProcess(second)]);
    await engine?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('exactly one success and 49 answers of 409, zero 5xx; both processes then agree on the seat map', async () => {
    if (!first || !second || !engine) throw new Error('servers did not start');
    const urls = [first.url, second.url];
    const flight = await upcomingFlight(first.url, 'LOS', 'LHR', 10);
    const apis = await buyers(urls, 'two');
    // A seat nobody holds yet, so CI's retry of this test races for a free seat too.
    const held = await client(first.url).get<{ seatNumber: string }[]>(`/api/flights/${flight._id}/seat`);
    const seat = SEAT_LABELS.find((label) => !held.body.some((s) => s.seatNumber === label)) ?? 'E2';
    const answers = await Promise.all(apis.map((api) => postFollowingRetryAfter(api, '/api/payments', paymentBody(flight, [seat]))));
    expectOneWinner(answers, seat);
    for (const parity of [0, 1]) {
      const viaProcess = answers.filter((_, i) => i % 2 === parity);
      expect(viaProcess.filter((a) => a.status === 409).length, `process ${parity + 1}`).toBeGreaterThanOrEqual(BUYERS / 2 - 1);
    }

    const observer = await observe(dataDir, engine.vars.DATABASE_URL);
    try {
      const live = and(eq(seatAllocations.flightId, flight._id), inArray(seatAllocations.state, ['held', 'sold']));
      const rows = await observer.db
        .select({ state: seatAllocations.state })
        .from(seatAllocations)
        .where(and(live, eq(seatAllocations.seatLabel, seat)));
      expect(rows).toEqual([{ state: 'held' }]);
      const [active] = await observer.db.select({ n: count() }).from(seatAllocations).where(live);
      for (const url of urls) {
        const seen = await client(url).get<{ availableSeats: number }>(`/api/flights/${flight._id}`);
        expect(seen.body.availableSeats).toBe(24 - (active?.n ?? 0));
        const taken = await client(url).get<{ seatNumber: string }[]>(`/api/flights/${flight._id}/seat`);
        expect(taken.body.map((s) => s.seatNumber)).toContain(seat);
      }
    } finally {
      await observer.close();
    }
  }, 120_000);
});
