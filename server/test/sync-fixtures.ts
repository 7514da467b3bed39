import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { expect } from 'vitest';
import { SEAT_LABELS } from '../../sync/constants';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import type { Mutators } from '../../sync/client/mutators';
import type { OutboxRow, SyncTransport } from '../../sync/client/types';
import { SYNC_TABLES, type PullResponse, type PushRequest, type SyncTable } from '../../sync/protocol';
import type { AppContext } from '../context';
import { syncClients, syncState } from '../db/schema';
import { parseEnv } from '../env';
import { seedIfEmpty } from '../seed/seed';
import { sweep } from '../services/booking/lifecycle';
import { createContext, listen, type Running } from '../start';
import { paymentBody, upcomingFlight } from './booking-fixtures';
import { mutatorsOf } from './device-queue';
import { ADMIN, allowManyBookings, client, engineEnv, registerUser, TRAVELLER } from './harness';

/** The real app over a real database (SQLite file or PostgreSQL) that can be stopped and started again on the same DATA_DIR and database. */
export type SyncServer = {
  /** The current base URL: a restart listens on a new port. */
  readonly url: string;
  readonly ctx: AppContext;
  readonly dataDir: string;
  /** Freezes the server's clock at `date` (undefined: the real clock). */
  setNow(date: Date | undefined): void;
  /** Stops the server, letting requests in flight end; the data stays. */
  down(): Promise<void>;
  up(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server, deletes its database (not its JWT secret) and starts it again freshly seeded. */
  wipe(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
};

/**
 * The clock is frozen at `now` (default: the start), and the lifecycle sweep runs once at each start:
 * so no flight leaves the window and no hold expires mid-test, and a full snapshot taken later
 * shows the same rows a device pulled earlier.
 */
export async function startSyncServer(options: { seed?: 'demo' | 'none'; now?: Date } = {}): Promise<SyncServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-sync-'));
  let engine = await engineEnv();
  const envOf = (vars: Record<string, string>) =>
    parseEnv({
      ...vars,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: options.seed ?? 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD: TRAVELLER.password,
      LOG_LEVEL: 'silent',
    });
  let env = envOf(engine.vars);
  let now: Date | undefined = options.now ?? new Date();
  let running: Running | undefined;
  let url = '';
  const server: SyncServer = {
    get url() {
      return url;
    },
    get ctx() {
      if (!running) throw new Error('the server is down');
      return running.ctx;
    },
    dataDir,
    setNow(date) {
      now = date;
    },
    async up() {
      const ctx = await createContext(env, pino({ level: 'silent' }), () => now ?? new Date());
      await seedIfEmpty(ctx);
      await allowManyBookings(ctx);
      await sweep(ctx);
      running = await listen(ctx);
      url = running.url;
    },
    async down() {
      const current = running;
      running = undefined;
      await current?.close();
    },
    async restart() {
      await server.down();
      await server.up();
    },
    async wipe() {
      await server.down();
      for (const file of ['airline.sqlite', 'airline.sqlite-wal', 'airline.sqlite-shm']) rmSync(path.join(dataDir, file), { force: true });
      // PostgreSQL: a fresh database instead; the JWT secret is the same variable.
      await engine.drop();
      engine = await engineEnv();
      env = envOf(engine.vars);
      await server.up();
    },
    async stop() {
      await server.down();
      await engine.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.up();
  return server;
}

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** offline: fails before the request leaves; lost: the server answers, the answer is dropped; unavailable: a 503. */
export type Fault = 'offline' | 'lost' | 'unavailable';
export type Route = 'push' | 'pull';
const FAULTS: readonly Fault[] = ['offline', 'lost', 'unavailable'];
const never = () => new Promise<Response>(() => undefined);

/**
 * One device's network: wraps the real httpTransport (through its fetch) with scripted and random
 * faults, records what it sent and received, and models page reloads: a transport handed out
 * before a reload never answers again, as the page that held it is gone.
 */
export class FaultyLink {
  offline = false;
  failRate = 0;
  readonly script: { route: Route; fault: Fault }[] = [];
  readonly log: { route: Route; fault?: Fault }[] = [];
  readonly pushes: PushRequest[] = [];
  readonly pulls: PullResponse[] = [];
  private generation = 0;
  private hangNextPush: (() => void) | undefined;
  /** Draws the random faults (seed it to replay a run). */
  random: () => number;

  constructor(private readonly options: { url: () => string; token: () => string | null; random?: () => number }) {
    this.random = options.random ?? Math.random;
  }

  private pick(route: Route): Fault | undefined {
    if (this.offline) return 'offline';
    if (route === 'push' && this.hangNextPush) return undefined;
    const scripted = this.script.findIndex((s) => s.route === route);
    if (scripted >= 0) return this.script.splice(scripted, 1)[0]?.fault;
    return this.failRate > 0 && this.random() < this.failRate ? FAULTS[Math.floor(this.random() * FAULTS.length)] : undefined;
  }

  transport(): SyncTransport {
    const generation = this.generation;
    const alive = () => generation === this.generation;
    const fetchImpl: typeof fetch = async (input, init) => {
      const pathname = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const route: Route = pathname.endsWith('/push') ? 'push' : 'pull';
      if (!alive()) return never();
      const fault = this.pick(route);
      this.log.push({ route, fault });
      if (fault === 'offline') throw new TypeError('fetch failed (injected: offline)');
      if (fault === 'unavailable') return new Response(JSON.stringify({ message: 'Service unavailable (injected)' }), { status: 503 });
      const res = await fetch(`${this.options.url()}${pathname}`, init);
      const body = await res.text();
      if (!alive()) return never();
      if (route === 'push' && this.hangNextPush) {
        const reloaded = this.hangNextPush;
        this.hangNextPush = undefined;
        this.reload();
        reloaded();
        return never();
      }
      if (fault === 'lost') throw new TypeError('fetch failed (injected: response lost)');
      const retryAfter = res.headers.get('retry-after');
      return new Response(body, { status: res.status, headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) } });
    };
    const http = httpTransport('', this.options.token, fetchImpl);
    const silent = <T>() => new Promise<T>(() => undefined);
    return {
      pull: async (request) => {
        const response = await http.pull(request);
        if (!alive()) return silent();
        this.pulls.push(response);
        return response;
      },
      push: async (request) => {
        this.pushes.push(request);
        const answer = await http.push(request);
        return alive() ? answer : await silent();
      },
    };
  }

  /** A page reload: every transport handed out so far goes silent. */
  reload(): void {
    this.generation += 1;
  }

  /** The next push reaches the server and commits; the page reloads before reading the answer. */
  reloadDuringNextPush(): Promise<void> {
    return new Promise((resolve) => {
      this.hangNextPush = resolve;
    });
  }

  cancelReloadDuringPush(): void {
    this.hangNextPush = undefined;
  }
}

/** A device: a store that survives reloads, its network, and the engine of the current page load. */
export class SyncClient {
  readonly store: MemoryStore;
  readonly link: FaultyLink;
  engine: SyncEngine;
  readonly now: () => number;
  /** Queues mutations as the app's screens do, on whichever engine the current page load runs. */
  readonly mutate: Mutators;

  constructor(private readonly options: { url: () => string; token: () => string | null; now: () => number; random?: () => number; clientId?: string }) {
    this.store = new MemoryStore(options.clientId ?? randomUUID());
    this.link = new FaultyLink(options);
    this.engine = this.newEngine();
    this.now = options.now;
    this.mutate = mutatorsOf(this);
  }

  private newEngine(): SyncEngine {
    return new SyncEngine({ store: this.store, transport: this.link.transport(), now: this.options.now, random: this.options.random });
  }

  /** The page reloads: the old engine never hears back, and after its last local step the new one starts. */
  async reload(): Promise<void> {
    this.link.reload();
    await new Promise((resolve) => setImmediate(resolve));
    this.engine = this.newEngine();
  }

  async clientId(): Promise<string> {
    return (await this.store.meta()).clientId;
  }

  async live(): Promise<OutboxRow[]> {
    return (await this.store.outbox()).filter((r) => r.state !== 'rejected');
  }

  /** Syncs as a retry timer would: when the queue backs off, the clock jumps to its next attempt. */
  async drain(clock: { now: number }, rounds = 12): Promise<void> {
    for (let i = 0; i < rounds; i += 1) {
      await this.engine.sync();
      if (this.engine.currentStatus === 'idle' && !(await this.live()).length) return;
      if (this.engine.currentStatus === 'auth') return;
      const at = await this.engine.nextRetryAt();
      clock.now = Math.max(clock.now + 1, at ?? 0);
    }
    throw new Error(`the queue did not drain: ${this.engine.currentStatus} ${JSON.stringify(await this.store.outbox())}`);
  }

  profileName(): string | undefined {
    const row = [...this.store.tables.profile.values()][0];
    return row && 'fullName' in row && typeof row.fullName === 'string' ? row.fullName : undefined;
  }

  row(table: SyncTable, id: string): Record<string, unknown> | undefined {
    return this.store.tables[table].get(id);
  }
}

export type Tables = Record<SyncTable, Record<string, unknown>>;

export function tablesOf(store: MemoryStore): Tables {
  return Object.fromEntries(SYNC_TABLES.map((t) => [t, Object.fromEntries(store.tables[t])])) as Tables;
}

/** What a brand-new device of this user gets from the server right now. */
export async function fullSnapshot(url: string, token: string): Promise<Tables> {
  const store = new MemoryStore(randomUUID());
  const engine = new SyncEngine({ store, transport: httpTransport(url, () => token) });
  await engine.sync();
  if (engine.currentStatus !== 'idle') throw new Error(`snapshot failed: ${engine.currentStatus}`);
  return tablesOf(store);
}

/** Asserts two table-sets hold the same rows, naming the rows that differ (not a 4000-flight diff). */
export function expectSameTables(actual: Tables, expected: Tables, who = 'client'): void {
  for (const table of SYNC_TABLES) {
    const ids = new Set([...Object.keys(actual[table]), ...Object.keys(expected[table])]);
    const differing = [...ids].filter((id) => canonical(actual[table][id]) !== canonical(expected[table][id]));
    expect(
      differing.slice(0, 3).map((id) => ({ id, actual: actual[table][id], expected: expected[table][id] })),
      `${who}: ${table} differs from the server in ${differing.length} rows`,
    ).toEqual([]);
  }
}

/** JSON with object keys sorted, so key order never counts as a difference. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export type Member = { id: string; email: string; fullName: string; token: string; bookings: { bookingId: string; paymentId: string }[] };

let nextDay = 5;

/** Books one seat (one traveller) for the member through POST /api/payments, on the first flight with a free seat. */
export async function bookSeat(url: string, token: string): Promise<{ bookingId: string; paymentId: string }> {
  for (let tries = 0; tries < 30; tries += 1) {
    const flight = await upcomingFlight(url, 'LOS', 'LHR', nextDay);
    const taken = await client(url).get<{ seatNumber: string }[]>(`/api/flights/${flight._id}/seat`);
    const seat = SEAT_LABELS.find((label) => !taken.body.some((t) => t.seatNumber === label));
    if (seat) {
      const res = await client(url, token).post<{ booking: { _id: string }; payment: { _id: string } }>('/api/payments', paymentBody(flight, [seat]));
      if (res.status === 201) return { bookingId: res.body.booking._id, paymentId: res.body.payment._id };
    }
    nextDay += 1;
  }
  throw new Error('no free seat found');
}

/** A freshly registered traveller with `bookings` pending bank-transfer bookings. */
export async function member(url: string, tag: string, bookings = 0, fullName = `Member ${tag}`): Promise<Member> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const { token, id } = await registerUser(url, email, 'Secret-pass-1', fullName);
  const made: Member['bookings'] = [];
  for (let i = 0; i < bookings; i += 1) made.push(await bookSeat(url, token));
  return { id, email, fullName, token, bookings: made };
}

/** Runs `work` on the server's SQLite file from outside, as another process would. */
export function withDb<T>(server: SyncServer, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'airline.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export async function serverVersion(server: SyncServer): Promise<number> {
  const [row] = await server.ctx.db.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1));
  if (!row) throw new Error('sync_state row missing');
  return row.version;
}

export async function lastMutationIdOf(server: SyncServer, clientId: string): Promise<number | undefined> {
  const [row] = await server.ctx.db.select({ id: syncClients.lastMutationId }).from(syncClients).where(eq(syncClients.clientId, clientId));
  return row?.id;
}

export type AuditRow = { entity: string; entityId: string; fromStatus: string | null; toStatus: string; actorId: string | null; reason: string | null };

export async function auditOf(url: string, adminToken: string, entity: 'booking' | 'payment', id: string): Promise<AuditRow[]> {
  const res = await client(url, adminToken).get<AuditRow[]>(`/api/audit?entity=${entity}&entityId=${id}&limit=200`);
  if (res.status !== 200) throw new Error(`audit: ${res.status}`);
  return res.body;
}
