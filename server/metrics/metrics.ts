import { hostname } from 'node:os';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SYNC_TABLES, type PullResponse } from '../../sync/protocol';
import type { MutationCount, MutationCounter } from './mutations';
import { refreshOutbox, refreshPool, sharedRefresh, type OutboxGauges, type PoolGauges, type ScrapeSources } from './scraped';

/** Booking mutations: the traveller's, and an admin's for a customer. */
const BOOKINGS = new Set(['createBooking', 'createCustomerBooking']);

/** Seconds: from a millisecond to ten seconds, finer below the bench's 50 ms target. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BYTE_BUCKETS = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/** The answer's status as its class, so the label has few values: `2xx`, `4xx`..., and `aborted` (0: the client left first). */
const STATUS_CLASSES = ['aborted', '1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (status: number) => STATUS_CLASSES[Math.floor(status / 100)] ?? 'other';

/** The methods the app answers; anything else is `other`, so a client cannot add label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** This process's name in the `process` label: METRICS_PROCESS, else the host and the port it serves. */
export const processName = (named: string | undefined, port: number) => named ?? `${hostname()}:${port}`;

/**
 * What this process tells Prometheus (docs/decisions/020): Node's default metrics and the app's own, in a
 * registry of its own (several servers share a test process), every series labelled with the process and
 * the engine. Counters are bumped where things happen, on the server's thread; gauges that need the
 * database or the sockets are read at scrape time (`scraped.ts`).
 */
export class Metrics implements MutationCounter {
  readonly registry = new Registry();
  /** What the scrape-time gauges read; set once the database, the sockets and the pool exist. */
  readonly sources: ScrapeSources = {};

  private readonly http = new Histogram({
    name: 'skyway_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw path) and status class, from arrival to the answer sent.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly mutations = this.counter(
    'skyway_mutations_total',
    'Mutations by name and outcome: applied, refused (a 4xx), failed (a fault, rolled back).',
    ['mutation', 'outcome'],
  );
  private readonly bookingsCreated = this.counter('skyway_bookings_created_total', 'Bookings created (by travellers and by admins for customers).');
  private readonly bookingsRefused = this.counter('skyway_bookings_refused_total', 'Bookings refused, by error code (seat_unavailable, fare_changed...).', [
    'code',
  ]);
  private readonly paymentsDecided = this.counter('skyway_payments_decided_total', "Admins' decisions on payments.", ['decision']);
  private readonly refundsPaid = this.counter('skyway_refunds_paid_total', 'Refunds marked paid.');
  private readonly outboxSent = this.counter('skyway_outbox_sent_total', 'Outbox effects sent, by kind.', ['kind']);
  private readonly outboxFailures = this.counter('skyway_outbox_failures_total', 'Outbox sends that failed (retried with backoff), by kind.', ['kind']);
  private readonly pulls = this.counter('skyway_sync_pulls_total', 'Sync pulls answered; reset="true" for a first page that replaces the device\'s tables.', [
    'reset',
  ]);
  private readonly pullBytes = new Histogram({
    name: 'skyway_sync_pull_bytes',
    help: 'Bytes of the JSON of each sync pull answered.',
    buckets: BYTE_BUCKETS,
    registers: [this.registry],
  });
  private readonly pullRows = this.counter('skyway_sync_pull_rows_total', 'Rows sent by sync pulls, by table.', ['table']);
  private readonly pushes = this.counter('skyway_sync_pushes_total', 'Sync pushes answered.');
  private readonly pushMutations = this.counter('skyway_sync_push_mutations_total', 'Mutations carried by sync pushes (replays included).');
  private readonly writeWaits = new Histogram({
    name: 'skyway_db_write_wait_seconds',
    help: 'Waits for the write lock: lock="transaction", a write transaction for its turn and the lock (SQLite: this process\'s queue and the lock word shared with the booking thread; PostgreSQL: a pool connection); lock="gate", a write request for another process to let SQLite\'s lock go.',
    labelNames: ['lock'] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });
  private readonly writeRetries = this.counter(
    'skyway_db_write_retries_total',
    'Write transactions PostgreSQL failed and the app ran again, by SQLSTATE: 40P01 a deadlock, 40001 a serialization failure.',
    ['code'],
  );
  private readonly refusals = this.counter('skyway_write_refusals_total', 'Answers 503 (database locked, or a fault to retry) and 507 (storage full).', [
    'status',
  ]);
  private readonly searchStamps = this.counter(
    'skyway_search_stamps_total',
    'Flight searches by where their source stamp came from: read="memory", kept since nothing it was read from was written; read="database", read again; read="shared", the read another search of the same started a moment before.',
    ['read'],
  );
  /** Bound once: a search is counted on the fast path. */
  private readonly stampsBy = {
    memory: this.searchStamps.labels({ read: 'memory' }),
    database: this.searchStamps.labels({ read: 'database' }),
    shared: this.searchStamps.labels({ read: 'shared' }),
  };

  constructor(engine: 'sqlite' | 'postgres', process: string) {
    this.registry.setDefaultLabels({ process, engine });
    collectDefaultMetrics({ register: this.registry });
    const { sources } = this;
    const outboxRead = sharedRefresh(refreshOutbox);
    const outbox: OutboxGauges = {
      depth: this.gauge('skyway_outbox_pending_events', 'Outbox effects not sent yet, by kind (read at scrape time, counted up to 100,000).', ['kind'], () =>
        outboxRead(sources, outbox),
      ),
      age: this.gauge('skyway_outbox_oldest_pending_seconds', 'Age of the oldest outbox effect not sent yet, by kind; 0 when none waits.', ['kind'], () =>
        outboxRead(sources, outbox),
      ),
    };
    this.gauge('skyway_sockets_connected', 'Socket.io connections to this process, by role.', ['role'], function () {
      this.reset();
      for (const [role, count] of sources.sockets?.() ?? []) this.set({ role }, count);
    });
    if (engine === 'postgres') {
      const poolRead = sharedRefresh(refreshPool);
      const pool: PoolGauges = {
        clients: this.gauge('skyway_pg_pool_clients', "This process's PostgreSQL pool: clients idle and busy, and requests waiting for one.", ['state'], () =>
          poolRead(sources, pool),
        ),
        oldest: this.gauge(
          'skyway_pg_oldest_transaction_seconds',
          'Age of the oldest transaction open on the database, from any process (0 when none).',
          [],
          () => poolRead(sources, pool),
        ),
      };
    }
  }

  /** Names this process in every series (`process`): set again once the port is known. */
  nameProcess(process: string, engine: 'sqlite' | 'postgres'): void {
    this.registry.setDefaultLabels({ process, engine });
  }

  /** One request done: `route` is its pattern or a fixed label (http-routes.ts), never its path. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method: METHODS.has(method) ? method : 'other', route, status: statusClass(status) }, seconds);
  }

  count(done: MutationCount): void {
    this.mutations.inc({ mutation: done.mutation, outcome: done.outcome });
    if (BOOKINGS.has(done.mutation)) {
      if (done.outcome === 'applied') this.bookingsCreated.inc();
      else if (done.outcome === 'refused') this.bookingsRefused.inc({ code: done.code ?? 'unknown' });
    }
    if (done.outcome !== 'applied') return;
    if (done.decision) this.paymentsDecided.inc({ decision: done.decision });
    if (done.mutation === 'markRefundPaid') this.refundsPaid.inc();
  }

  outboxSend(kind: string, ok: boolean): void {
    (ok ? this.outboxSent : this.outboxFailures).inc({ kind });
  }

  pulled(answer: PullResponse, bytes: number): void {
    this.pulls.inc({ reset: String(answer.reset) });
    this.pullBytes.observe(bytes);
    for (const table of SYNC_TABLES) {
      const rows = answer.changes[table].length;
      if (rows > 0) this.pullRows.inc({ table }, rows);
    }
  }

  pushed(mutations: number): void {
    this.pushes.inc();
    this.pushMutations.inc(mutations);
  }

  writeWait(lock: 'transaction' | 'gate', seconds: number): void {
    this.writeWaits.observe({ lock }, seconds);
  }

  writeRetry(code: string): void {
    this.writeRetries.inc({ code });
  }

  refused(status: number): void {
    if (status === 503 || status === 507) this.refusals.inc({ status: String(status) });
  }

  searchStamp(read: 'memory' | 'database' | 'shared'): void {
    this.stampsBy[read].inc();
  }

  /** The text Prometheus scrapes. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read at scrape time by `collect`. */
  private gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (this: Gauge<L>) => void | Promise<void>): Gauge<L> {
    return new Gauge({ name, help, labelNames, collect, registers: [this.registry] });
  }
}
