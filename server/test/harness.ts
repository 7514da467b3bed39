import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { settings } from '../db/schema';
import { writingSettings } from '../db/settings-writes';
import { nextVersion } from '../db/version';
import { parseEnv } from '../env';
import { setRateLimits } from '../middleware/rate-limits';
import type { MachineOptions } from '../ops/machine';
import { readSettingsToWrite } from '../services/back-office/settings';
import { seedIfEmpty } from '../seed/seed';
import { createContext, listen, type Running } from '../start';
import { createTestDatabase } from './pg-database';

export const ADMIN = { email: 'admin@skyway.test', password: 'Admin-pass-123' };
export const TRAVELLER = { email: 'traveller@skyway.test', password: 'Demo-pass-123' };

export type TestServer = Running & {
  dataDir: string;
  /** Moves the server's clock; services read time only through ctx.now. */
  setNow: (date: Date) => void;
  stop: () => Promise<void>;
};

/**
 * Suites book many times from one account and one address on purpose: the unpaid-holds cap and the
 * booking limits are raised for them, and so is the budget of mutations a sync push applies per account
 * (`syncMutation`: 60 a minute). Suites about those rules start with `bookingRules: 'production'`.
 */
export async function allowManyBookings(ctx: AppContext): Promise<void> {
  await immediate(ctx.db, async (tx) => {
    const current = await readSettingsToWrite(tx);
    if (current.maxUnpaidBookings === 100 && current.maxUnpaidSeats === 240) return;
    const data = { ...current, maxUnpaidBookings: 100, maxUnpaidSeats: 240 };
    const values = { data, updatedAt: ctx.now().toISOString(), version: await nextVersion(tx) };
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values });
    writingSettings(tx);
  });
  setRateLimits(ctx, { booking: 10_000, paymentClaim: 10_000, bookingCancel: 10_000, bookingAddress: 10_000, syncMutation: 10_000 });
}

/** The engine the integration suites run on: SQLite, or PostgreSQL in the `postgres` test project (vitest.config.ts). */
export const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A fresh database of its own per server on PostgreSQL: the variables that select it (for a child process
 * too, which restarts on the same database with them) and its removal; nothing on SQLite. A DATABASE_URL
 * the suite passes in `env` is used as it is (servers sharing one database), and the suite drops it.
 */
export async function engineEnv(env: Record<string, string> = {}): Promise<{ vars: Record<string, string>; drop: () => Promise<void> }> {
  if (TEST_ENGINE === 'sqlite' || env.DATABASE_URL) return { vars: {}, drop: () => Promise.resolve() };
  const database = await createTestDatabase();
  return { vars: { DATABASE_URL: database.url, JWT_SECRET: 'test-secret-of-at-least-thirty-two-characters' }, drop: database.drop };
}

/** The real app on a free port over a real database (a SQLite file in a fresh temp DATA_DIR, or a fresh PostgreSQL database). */
export async function startTestServer(
  options: { seed?: 'demo' | 'none'; env?: Record<string, string>; bookingRules?: 'production'; machine?: MachineOptions } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-test-'));
  const engine = await engineEnv(options.env);
  const env = parseEnv({
    ...engine.vars,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: options.seed ?? 'none',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PASSWORD: TRAVELLER.password,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  let now: Date | undefined;
  const ctx = await createContext(env, pino({ level: 'silent' }), () => now ?? new Date(), options.machine);
  await seedIfEmpty(ctx);
  if (options.bookingRules !== 'production') await allowManyBookings(ctx);
  const running = await listen(ctx);
  return {
    ...running,
    dataDir,
    setNow: (date) => {
      now = date;
    },
    stop: async () => {
      await running.close();
      await engine.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Answer<T = unknown> = { status: number; body: T; headers: Headers };

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** A small JSON client for one server, optionally signed in. */
export function client(baseUrl: string, token?: string) {
  async function call<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<Answer<T>> {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (body !== undefined && !(body instanceof FormData) && typeof body !== 'string') headers.set('content-type', 'application/json');
    if (typeof body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const payload = body === undefined ? undefined : body instanceof FormData || typeof body === 'string' ? body : JSON.stringify(body);
    const res = await fetch(`${baseUrl}${url}`, { ...init, method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, body: parseBody(text) as T, headers: res.headers };
  }
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, body?: unknown, init?: RequestInit) => call<T>('POST', url, body, init),
    put: <T = unknown>(url: string, body?: unknown) => call<T>('PUT', url, body),
    delete: <T = unknown>(url: string, body?: unknown) => call<T>('DELETE', url, body),
  };
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await client(baseUrl).post<{ token: string }>('/api/auths/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export async function registerUser(baseUrl: string, email: string, password = 'Secret-pass-1', fullName = 'Test User') {
  const res = await client(baseUrl).post<{ token: string; user: { _id: string } }>('/api/auths/register', { email, password, fullName });
  if (res.status !== 201) throw new Error(`register failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, id: res.body.user._id };
}
