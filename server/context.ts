import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import type { Db } from './db/client';
import type { DatabaseHandle } from './db/open';
import type { Env } from './env';
import type { Metrics } from './metrics/metrics';
import type { MutationThread } from './mutations/run';
import type { Machine } from './ops/machine';
import type { Outbox } from './outbox/outbox';
import type { Realtime } from './realtime/port';
import type { SharedRedis } from './redis';
import type { SearchAnswers } from './services/catalogue/search-answers';
import type { Mailer } from './services/mail/mail';

/** What every route and service needs, built once at start (and once per test server). */
export interface AppContext {
  db: Db;
  /** The engine under `db`: SQLite (its connection) or PostgreSQL (its pool), its health check and close. */
  database: DatabaseHandle;
  env: Env;
  log: Logger;
  dataDir: string;
  jwtSecret: string;
  now: () => Date;
  /** The site's address for links in mails sent outside a request (siteAddress): set again once listening. */
  siteUrl: string;
  mailer: Mailer;
  /** Free space, the write lock and dropped log lines, as states (ops/machine.ts). */
  machine: Machine;
  /** Connected devices (pokes, chat events); socket.io's adapter once it is attached. Only the outbox sends through it. */
  realtime: Realtime;
  /** Effects written with each change and sent after its commit (outbox/outbox.ts). */
  outbox: Outbox;
  /** With REDIS_URL: what the processes serving the app share (rate limit counters, socket.io's rooms). */
  redis: SharedRedis | undefined;
  /**
   * The https agent Web Push connects through: publicPushAgent() (services/push/push-network.ts), whose
   * DNS lookup refuses every address that is not public. A port for tests only, set in code, never by the
   * environment: the push suites give an agent that dials their own push service on 127.0.0.1.
   */
  pushAgent: Agent;
  /** What the process tells Prometheus (metrics/metrics.ts; GET /metrics, docs/decisions/020). */
  metrics: Metrics;
  /** The catalogue's read model: every flight search's answer, following the catalogue's writes (search-answers.ts). */
  searches: SearchAnswers;
  /** On SQLite with BOOKING_THREAD=on: bookings run on a thread of their own (mutation-thread/mutation-thread.ts). */
  mutationThread?: MutationThread;
}
