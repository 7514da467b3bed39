import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Machine } from './ops/machine';
import type { Mailer } from './services/mail';

/** What every route and service needs, built once at start (and once per test server). */
export interface AppContext {
  db: Db;
  sqlite: Database.Database;
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
  /** Tells connected clients whose data changed; set once socket.io is attached. */
  notify: (userIds: string[] | 'admins') => void;
}
