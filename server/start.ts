import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { createApp } from './app';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import type { Env } from './env';
import { attachRealtime } from './realtime/socket';
import { startSweeper } from './services/lifecycle';
import { createMailer } from './services/mail';

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type Running = { ctx: AppContext; server: Server; io: SocketServer; url: string; close: () => Promise<void> };

export function createContext(env: Env, log: Logger = pino({ level: env.LOG_LEVEL }), now: () => Date = () => new Date()): AppContext {
  const dataDir = path.resolve(env.DATA_DIR);
  const { db, sqlite } = openDatabase(dataDir);
  return {
    db,
    sqlite,
    env,
    log,
    dataDir,
    jwtSecret: jwtSecret(env, dataDir),
    now,
    mailer: createMailer(db, log, env.SMTP_URL, now),
    notify: () => undefined,
  };
}

/** Serves the app on one port; `close` stops accepting, lets in-flight requests end and closes the database. */
export async function listen(ctx: AppContext): Promise<Running> {
  const app = createApp(ctx);
  const server = createServer(app);
  const io = attachRealtime(ctx, server);
  const stopSweeper = startSweeper(ctx);
  await new Promise<void>((resolve) => server.listen(ctx.env.PORT, ctx.env.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.env.PORT;
  const url = `http://${ctx.env.HOST.includes(':') ? `[${ctx.env.HOST}]` : ctx.env.HOST}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopSweeper();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await io.close();
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), 10_000);
      await stopped;
      clearTimeout(deadline);
      ctx.sqlite.close();
    })();
    return closing;
  };
  return { ctx, server, io, url, close };
}
