import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { createApp } from './app';
import { createAppServer } from './app-server';
import type { AppContext } from './context';
import { observeWrites } from './db/client';
import { openDatabaseHandle } from './db/open';
import type { Env } from './env';
import { scheduleBackups, type BackupSchedule } from './ops/backup-schedule';
import { listenForScrapes } from './metrics/endpoint';
import { Metrics, processName } from './metrics/metrics';
import { SearchAnswers } from './services/catalogue/search-answers';
import { Machine, type MachineOptions } from './ops/machine';
import { releaseServerLock, writeServerLock } from './ops/server-lock';
import { closeRealtime } from './ops/shutdown';
import { attachRealtime } from './realtime/socket';
import { siteAddress } from './routes/site-url';
import { MutationThread } from './mutation-thread/mutation-thread';
import { createBooking } from './mutations/create-booking';
import { startSweeper } from './sweeper';
import { createMailer } from './services/mail/mail';
import { deliver, storeNow } from './outbox/deliver';
import { Outbox } from './outbox/outbox';
import { offlineRealtime } from './realtime/port';
import { publicPushAgent } from './services/push/push-network';
import { connectRedis } from './redis';

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `metricsUrl`: with METRICS_PORT, where GET /metrics answers. */
export type Running = { ctx: AppContext; server: Server; io: SocketServer; url: string; metricsUrl?: string; close: () => Promise<void> };

export async function createContext(
  env: Env,
  log: Logger = pino({ level: env.LOG_LEVEL }),
  now: () => Date = () => new Date(),
  machine: MachineOptions = {},
): Promise<AppContext> {
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabaseHandle(dataDir, env.DATABASE_URL, log, {
    statementMs: env.PG_STATEMENT_TIMEOUT_MS,
    idleTransactionMs: env.PG_IDLE_TRANSACTION_TIMEOUT_MS,
  });
  const { db } = database;
  const metrics = new Metrics(database.engine, processName(env.METRICS_PROCESS, env.PORT));
  Object.assign(metrics.sources, { db, now, pool: database.pool });
  observeWrites(db, { waited: (seconds) => metrics.writeWait('transaction', seconds), retried: (code) => metrics.writeRetry(code) });
  const ctx: AppContext = {
    metrics,
    machine: new Machine(dataDir, env.DISK_FREE_MIN, database.sqlite, log, machine),
    db,
    database,
    env,
    log,
    dataDir,
    jwtSecret: jwtSecret(env, dataDir),
    now,
    siteUrl: siteAddress(env, env.PORT),
    mailer: createMailer(db, log, env.SMTP_URL, now),
    realtime: offlineRealtime,
    outbox: new Outbox({
      db,
      log,
      now,
      dispatch: env.OUTBOX_DISPATCH === 'on',
      leaseMs: env.OUTBOX_LEASE_MS,
      deliver: (effect) => deliver(ctx, effect),
      storeNow: (tx, effect) => storeNow(ctx.mailer, tx, effect),
      sent: (kind, ok) => metrics.outboxSend(kind, ok),
    }),
    redis: env.REDIS_URL ? connectRedis(env.REDIS_URL, env.REDIS_KEY_PREFIX, log) : undefined,
    pushAgent: publicPushAgent(),
    searches: new SearchAnswers({ db, now, metrics, catalogue: database.catalogue }),
  };
  if (database.sqlite && env.BOOKING_THREAD === 'on')
    ctx.mutationThread = new MutationThread(
      database.sqlite,
      { file: database.sqlite.name, env, jwtSecret: ctx.jwtSecret, owner: ctx.outbox.owner },
      log,
      new Set([createBooking.name]),
    );
  return ctx;
}

export type ListenOptions = {
  /** How long in-flight requests may take to finish after close() before their connections are cut. */
  shutdownGraceMs?: number;
  /** When the server takes its own backups; `false` for none. */
  backups?: BackupSchedule | false;
};

/**
 * Serves the app on one port and marks DATA_DIR as in use (server.pid). `close` stops accepting
 * connections, tells socket clients to reconnect, lets in-flight requests finish (cut after
 * `shutdownGraceMs`), waits for a backup in progress, closes the Redis connections and the database
 * and removes the mark.
 */
export async function listen(ctx: AppContext, options: ListenOptions = {}): Promise<Running> {
  const graceMs = options.shutdownGraceMs ?? 10_000;
  const app = createApp(ctx);
  const server = createAppServer(app);
  // NOTE: idle keep-alive sockets outlive clients' pools (which reuse them for up to a minute), so a
  // reused socket is never closed under a request (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const io = await attachRealtime(ctx, server);
  const stopSweeper = await startSweeper(ctx);
  const stopOutbox = ctx.outbox.start();
  await ctx.machine.check();
  ctx.machine.start();
  const backups = options.backups === false || !ctx.database.sqlite ? undefined : scheduleBackups(ctx, ctx.database.sqlite, options.backups);
  let closing: Promise<void> | undefined;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    // During shutdown, answers end their connection instead of keeping it alive for more requests.
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
  });
  let scrapes: Awaited<ReturnType<typeof listenForScrapes>>;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ctx.env.PORT, ctx.env.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    scrapes = await listenForScrapes(ctx);
  } catch (error) {
    server.close();
    // A taken port: stop what was started so the caller sees the listen error, not a stuck process.
    stopSweeper();
    await stopOutbox();
    ctx.machine.stop();
    await backups?.stop();
    await ctx.redis?.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.env.PORT;
  const url = `http://${ctx.env.HOST.includes(':') ? `[${ctx.env.HOST}]` : ctx.env.HOST}:${port}`;
  ctx.siteUrl = siteAddress(ctx.env, port);
  ctx.metrics.nameProcess(processName(ctx.env.METRICS_PROCESS, port), ctx.database.engine);
  writeServerLock(ctx.dataDir, url);
  const close = () => {
    closing ??= (async () => {
      stopSweeper();
      ctx.machine.stop();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      const realtimeClosed = closeRealtime(io);
      server.closeIdleConnections();
      await Promise.all([stopped, realtimeClosed, scrapes?.close()]);
      clearTimeout(deadline);
      await stopOutbox();
      await backups?.stop();
      await ctx.redis?.close();
      await ctx.mutationThread?.stop();
      await ctx.database.close();
      releaseServerLock(ctx.dataDir);
    })();
    return closing;
  };
  return { ctx, server, io, url, metricsUrl: scrapes?.url, close };
}
