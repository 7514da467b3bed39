import Database from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLitePreparedQuery, type BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settleCatalogueWrites, watchCatalogueWrites, type CatalogueFeed } from './catalogue-writes';
import { SERVER_CHECKPOINT_PAGES } from './checkpoints';
import { isLockedError } from './faults';
import { nameOnServer } from './pg-driver';
import { cacheStatements } from './statement-cache';
import { takeWriteLock, tryWriteLock, wordHeldWithoutFileLock } from './thread-lock';

/**
 * The database as the query code sees it on both engines: drizzle's SQLite builders (docs/decisions/010),
 * which run synchronously on SQLite and asynchronously on PostgreSQL (db/pg-driver.ts), so an answer is
 * awaited. Each engine's database is its own type, and each is one of these.
 */
export type Db = BaseSQLiteDatabase<'sync' | 'async', unknown>;
/** The SQLite database with its connection. */
export type SqliteDb = BetterSQLite3Database & { $client: Database.Database };
declare const writeTransaction: unique symbol;
/**
 * A write transaction: only immediate() hands one out, so a helper that writes and asks for a Tx cannot
 * be given the bare database (its writes would escape the caller's transaction) or a read snapshot.
 * On SQLite it is the database itself while its connection holds the transaction.
 */
export type Tx = Db & { readonly [writeTransaction]: true };
/** Anything that can run a query: the database, a snapshot or a write transaction. */
export type Queryable = Db;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'airline.sqlite');
}

/**
 * NOTE: WAL with synchronous=NORMAL: a commit is in the WAL file before its response goes out, so
 * a killed or crashed process never loses an acknowledged booking (the crash test proves it). Only
 * an operating-system crash or power cut may drop the last commits before a checkpoint; FULL would
 * close that window at one fsync per commit (5.5 ms here, a ceiling of ~180 bookings/s). See
 * docs/decisions/001. better-sqlite3 is synchronous: its busy handler blocks the event loop while it
 * waits, so the busy timeout only rides out another process's short transactions; a longer lock is
 * waited for asynchronously before a write request starts (middleware/write-gate.ts).
 */
export function openDatabase(dataDir: string): { sqlite: Database.Database; db: SqliteDb; reader: Database.Database; catalogue: CatalogueFeed } {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = connect(databaseFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder });
  const catalogue = watchCatalogueWrites(sqlite);
  sqlite.prepare('insert or ignore into sync_state (id, version) values (1, 0)').run();
  const reader = connect(databaseFile(dataDir), { readonly: true });
  withSqliteTransactions(db, drizzle(reader));
  return { sqlite, db, reader, catalogue };
}

function connect(file: string, options?: Database.Options): Database.Database {
  const sqlite = new Database(file, options);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  cacheStatements(sqlite);
  return sqlite;
}

/**
 * Another writing connection to a database file that openDatabase has opened and migrated, for a thread
 * of its own (mutation-thread/mutation-thread.ts); its writes to flights and airports are watched too.
 */
export function openWriter(file: string): SqliteDb {
  const sqlite = connect(file, { fileMustExist: true });
  // NOTE: the checkpoint thread copies the WAL back; this connection only bounds it, as the server's does (db/checkpoints.ts).
  sqlite.pragma(`wal_autocheckpoint = ${SERVER_CHECKPOINT_PAGES}`);
  watchCatalogueWrites(sqlite, true);
  return withSqliteTransactions(drizzle(sqlite), undefined);
}

/** The longest a statement waits, blocking, for another process's lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 25;

/**
 * Whether this connection could take the write lock at once, or another writing thread of this process
 * holds it for a moment; never waits. NOTE: the process's lock word may be held with no SQLite lock behind
 * it: by the checkpoint thread (about 1 ms in 100), or by a transaction of this connection between taking
 * the word and its BEGIN (a background job's, while a request's check runs between them). Answering free
 * then told /api/health 'ok' while another process held the lock, so the file's lock is tried all the
 * same. Should another writing thread take the word during that try, the lock met may be its own: free.
 */
export function writeLockFree(sqlite: Database.Database): boolean {
  if (sqlite.inTransaction) return true;
  const release = tryWriteLock(sqlite);
  if (!release && !wordHeldWithoutFileLock(sqlite)) return true;
  // NOTE: exec, not pragma(), which prepares a statement at every call: in the server under load 50 to 56 us a call against 3 to 20.
  sqlite.exec('PRAGMA busy_timeout = 0');
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    sqlite.exec('ROLLBACK');
    return true;
  } catch (error) {
    if (isLockedError(error)) return !release && !wordHeldWithoutFileLock(sqlite);
    throw error;
  } finally {
    sqlite.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    release?.();
  }
}

const insideTransaction = new AsyncLocalStorage<true>();

const turns = new Map<string, Promise<unknown>>();

/**
 * NOTE: better-sqlite3 runs one transaction per connection and cannot wait inside one, so an
 * asynchronous transaction is BEGIN ... COMMIT on the connection, one at a time in this process (a
 * queue per database file for writes, whichever connection of this process they run on, and one for
 * snapshots on the read-only connection). A write's queries are synchronous under their promises: it
 * never waits for I/O, so no other request runs between its statements.
 */
function takeTurn<T>(queue: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(queue) ?? Promise.resolve();
  const turn = previous.then(work);
  const settled = turn.catch(() => undefined);
  turns.set(queue, settled);
  void settled.then(() => turns.get(queue) === settled && turns.delete(queue));
  return turn;
}

/**
 * What the metrics hear of a database's write transactions: how long each waited for its turn and the
 * write lock, and each one run again after PostgreSQL failed it (a deadlock, 40P01, or a serialization failure, 40001).
 */
type WriteObserver = { waited?: (seconds: number) => void; retried?: (code: string) => void };
const writeObservers = new WeakMap<Db, WriteObserver>();

export function observeWrites(db: Db, observer: WriteObserver): void {
  writeObservers.set(db, { ...writeObservers.get(db), ...observer });
}

/** A write transaction on `db`, asked for at `askedAt` (performance.now()), holds the write lock now. */
export function noteWriteWait(db: Db, askedAt: number): void {
  writeObservers.get(db)?.waited?.((performance.now() - askedAt) / 1000);
}

/** A write transaction on `db` failed with `code` and runs again. */
export function noteWriteRetry(db: Db, code: string): void {
  writeObservers.get(db)?.retried?.(code);
}

async function sqliteTransaction<T>(db: SqliteDb, begin: 'BEGIN IMMEDIATE' | 'BEGIN', work: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  const writes = begin === 'BEGIN IMMEDIATE';
  const askedAt = performance.now();
  return takeTurn(writes ? sqlite.name : `${sqlite.name} (read)`, async () => {
    const release = writes ? await takeWriteLock(sqlite) : undefined;
    if (writes) noteWriteWait(db, askedAt);
    try {
      sqlite.exec(begin);
      // The one place a SQLite transaction is made: its connection now holds it.
      const tx: Db = db;
      const result = await work(tx as Tx);
      sqlite.exec('COMMIT');
      return result;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    } finally {
      if (writes) settleCatalogueWrites(sqlite);
      release?.();
    }
  });
}

/** Registers a SQLite database's transactions: writes on its own connection, snapshots on `reader` (openDatabase's read-only one). */
function withSqliteTransactions(db: SqliteDb, reader: SqliteDb | undefined): SqliteDb {
  registerTransactions(db, {
    immediate: (work) => sqliteTransaction(db, 'BEGIN IMMEDIATE', work),
    snapshot: (work) => (reader ? sqliteTransaction(reader, 'BEGIN', work) : Promise.reject(new Error('a snapshot needs a database opened by openDatabase'))),
  });
  return db;
}

type Transactions = {
  immediate: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  snapshot: <T>(work: (q: Queryable) => Promise<T>) => Promise<T>;
};

/**
 * Each database's two kinds of transaction, registered where it is opened: SQLite's here, PostgreSQL's in
 * db/postgres.ts. NOTE: a SQLite snapshot reads the read-only second connection: a long read there (an
 * admin's first sync) can let other requests run between its parts, since their statements go to the
 * first connection and never land inside its read transaction. WAL lets it read while the first one writes.
 */
const engines = new WeakMap<Db, Transactions>();

export function registerTransactions(db: Db, transactions: Transactions): void {
  engines.set(db, transactions);
}

function transactionsOf(db: Db): Transactions {
  const found = engines.get(db);
  if (!found) throw new Error('a transaction needs a database opened by openDatabase, openWriter or openPostgres');
  return found;
}

/** Refuses a transaction inside another: SQLite has one per connection, PostgreSQL would wait for its own lock. */
async function outermost<T>(work: () => Promise<T>): Promise<T> {
  if (insideTransaction.getStore()) throw new Error('a transaction inside a transaction: pass the transaction instead');
  return insideTransaction.run(true, work);
}

/**
 * One write transaction, taking the write lock at its start. Never inside another: a mutation's work
 * takes the caller's `tx` instead (mutations/run.ts).
 */
export function immediate<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const engine = transactionsOf(db);
  return outermost(() => engine.immediate(work));
}

/**
 * Reads that must agree with each other: one snapshot of the database. `work` may let other requests run
 * between its reads (await a macrotask): on SQLite it reads the read-only second connection, whose
 * snapshots take turns among themselves and never hold up a write.
 */
export function snapshot<T>(db: Db, work: (q: Queryable) => Promise<T>): Promise<T> {
  const engine = transactionsOf(db);
  return outermost(() => engine.snapshot(work));
}

/** The first row a query answers, if any. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/**
 * NOTE: a drizzle transaction runs on its database's connection (drizzle's internal `session`),
 * so statements prepared once per connection serve the database and all its transactions. On
 * PostgreSQL each transaction has a session of its own around a client of the pool: the client is the
 * connection, so what is prepared on it serves every later transaction on that client.
 */
export function connectionOf(q: Queryable): object {
  const session: unknown = Reflect.get(q, 'session');
  if (typeof session !== 'object' || session === null) return q;
  const client: unknown = Reflect.get(session, 'client');
  return typeof client === 'object' && client !== null ? client : session;
}

/** Caches one prepared statement per connection and name; building and compiling SQL costs more than running it. */
export function preparedCache<T>() {
  const byConnection = new WeakMap<object, Map<string, T>>();
  return (q: Queryable, name: string, build: () => T): T => {
    const connection = connectionOf(q);
    let statements = byConnection.get(connection);
    if (!statements) {
      statements = new Map();
      byConnection.set(connection, statements);
    }
    let statement = statements.get(name);
    if (statement === undefined) {
      statement = namedOnServer(build());
      statements.set(name, statement);
    }
    return statement;
  };
}

/**
 * NOTE: drizzle's statements go unnamed, so PostgreSQL parses and plans each one at every run. A statement
 * kept here runs again and again, so on PostgreSQL it gets a name made of its text: node-postgres then
 * parses it once per connection and only binds and runs it after. The texts are the app's own
 * statements, a bounded set.
 */
function namedOnServer<T>(statement: T): T {
  if (statement instanceof SQLitePreparedQuery)
    nameOnServer(statement, `s${createHash('sha1').update(statement.getQuery().sql).digest('base64url').slice(0, 20)}`);
  return statement;
}

/** A drizzle query built once per connection (values as `sql.placeholder`), then only run. */
export function prepareOnce<T>(build: (q: Queryable) => T): (q: Queryable) => T {
  const cache = preparedCache<T>();
  return (q) => cache(q, '', () => build(q));
}

/** The one row a write with `returning` answers. */
export async function only<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw new Error('a write answered no row');
  return row;
}

/**
 * `each` of the items one after the other. NOTE: a PostgreSQL snapshot is one connection, which runs one
 * query at a time: queries started together there (Promise.all) only queue, with a warning. A write
 * transaction sends queries started together in one message instead (`together`, db/batching.ts).
 */
export async function inTurn<T, R>(items: readonly T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await each(item, index));
  return results;
}
