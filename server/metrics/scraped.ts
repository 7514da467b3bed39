import { and, count, eq, isNull, min } from 'drizzle-orm';
import type pg from 'pg';
import type { Gauge } from 'prom-client';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import type { Effect } from '../outbox/effects';

/** What the gauges read at scrape time; each is set once it exists (the sockets only once listening). */
export type ScrapeSources = {
  db?: Db;
  now?: () => Date;
  pool?: pg.Pool;
  /** Connected sockets by role. */
  sockets?: () => Iterable<[string, number]>;
};

/** Every kind of effect, so each has a series (0 when none waits). */
const KINDS: Record<Effect['type'], true> = { mail: true, poke: true, conversation: true, push: true };
/** Waiting events are counted up to this many per kind: a scrape costs at most this many index entries. */
const DEPTH_CAP = 100_000;
/** A scrape does not wait longer than this for the database (a busy pool); the gauges keep their last values. */
const QUERY_WAIT_MS = 1_000;

/** `work`'s answer, or undefined when it fails or takes longer than QUERY_WAIT_MS: a scrape never fails for a gauge. */
async function withinWait<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUERY_WAIT_MS);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One run of `refresh` for the gauges it sets, however many of them are collected at once: prom-client
 * collects every metric of a scrape together, so two gauges filled by one read ask for the same run.
 */
export function sharedRefresh<A extends unknown[]>(refresh: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  let running: Promise<void> | undefined;
  return (...args) => {
    running ??= refresh(...args).finally(() => (running = undefined));
    return running;
  };
}

/** The reads of a kind's waiting events: their number (capped) and the oldest one's creation, both from the partial index `events_waiting` alone. */
export function waitingQueries(db: Db, kind: string) {
  const waiting = and(isNull(events.doneAt), eq(events.kind, kind));
  const capped = db.select({ createdAt: events.createdAt }).from(events).where(waiting).limit(DEPTH_CAP).as('capped');
  return {
    depth: db.select({ n: count() }).from(capped),
    oldest: db
      .select({ at: min(events.createdAt) })
      .from(events)
      .where(waiting),
  };
}

async function waitingOfKind(db: Db, kind: string) {
  const queries = waitingQueries(db, kind);
  const [depth] = await queries.depth;
  const [oldest] = await queries.oldest;
  return { depth: depth?.n ?? 0, oldest: oldest?.at ?? null };
}

export type OutboxGauges = { depth: Gauge<'kind'>; age: Gauge<'kind'> };

export async function refreshOutbox(sources: ScrapeSources, gauges: OutboxGauges): Promise<void> {
  const { db, now = () => new Date() } = sources;
  if (!db) return;
  const read = async () => Promise.all(Object.keys(KINDS).map(async (kind) => ({ kind, ...(await waitingOfKind(db, kind)) })));
  const figures = await withinWait(read());
  if (!figures) return;
  const at = now().getTime();
  for (const { kind, depth, oldest } of figures) {
    gauges.depth.set({ kind }, depth);
    gauges.age.set({ kind }, oldest ? Math.max(0, (at - Date.parse(oldest)) / 1000) : 0);
  }
}

export type PoolGauges = { clients: Gauge<'state'>; oldest: Gauge };

/** The oldest open transaction on this database, from any session but the one asking (pg_stat_activity). */
const OLDEST_TRANSACTION = `select coalesce(extract(epoch from clock_timestamp() - min(xact_start)), 0)::float8 as age
  from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`;

export async function refreshPool(sources: ScrapeSources, gauges: PoolGauges): Promise<void> {
  const { pool } = sources;
  if (!pool) return;
  gauges.clients.set({ state: 'idle' }, pool.idleCount);
  gauges.clients.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
  gauges.clients.set({ state: 'waiting' }, pool.waitingCount);
  const answer = await withinWait(pool.query<{ age: number }>(OLDEST_TRANSACTION));
  if (answer) gauges.oldest.set(answer.rows[0]?.age ?? 0);
}
