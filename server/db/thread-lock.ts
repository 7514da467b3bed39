import type Database from 'better-sqlite3';

const FREE = 0;
/** The threads of this process that write one SQLite file: the server's own, the booking thread, and the checkpoint thread. */
export const SERVER_THREAD = 1;
export const BOOKING_THREAD = 2;
export const CHECKPOINT_THREAD = 3;
export type WriterThread = typeof SERVER_THREAD | typeof BOOKING_THREAD | typeof CHECKPOINT_THREAD;

/** Between two tries, at most: a release notifies the waiter sooner. */
const RETRY_MS = 5;

const shared = new WeakMap<Database.Database, { lock: Int32Array; me: WriterThread }>();

/** A lock word for the threads of this process that write one file (FREE, or who holds it). */
export const newWriteLock = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

/** The lock word `sqlite` shares with the other threads that write its file, shared now as the server's if it has none yet. */
export function writeLockOf(sqlite: Database.Database): Int32Array {
  const entry = shared.get(sqlite);
  if (entry) return entry.lock;
  const lock = newWriteLock();
  shareWriteLock(sqlite, lock, SERVER_THREAD);
  return lock;
}

/**
 * NOTE: two connections of one process that write one file would otherwise meet in SQLite's busy
 * handler, which sleeps (1 ms, then 2, 5, 10...) and on the server's thread stops the event loop. With
 * this lock word they take turns: the writes of `sqlite` (each transaction) wait, asynchronously, while
 * the other thread holds it.
 */
export function shareWriteLock(sqlite: Database.Database, lock: Int32Array, me: WriterThread): void {
  shared.set(sqlite, { lock, me });
  refuseWritesOutsideTransactions(sqlite);
}

const WRITES = /^\s*(insert|update|delete|replace)\b/i;
const STATEMENT_CALLS = ['run', 'get', 'all', 'iterate'] as const;

/**
 * A write outside a transaction would not take the lock word: it would meet the other thread's
 * transaction in SQLite's busy handler. So on a connection that shares the word, a statement that
 * changes rows answers an error unless a transaction (which took the word) is open.
 */
function refuseWritesOutsideTransactions(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const guarded = new WeakSet<Database.Statement>();
  const guardedPrepare = (source: string): Database.Statement => {
    const statement = prepare(source);
    if (statement.readonly || guarded.has(statement) || !WRITES.test(source)) return statement;
    for (const name of STATEMENT_CALLS) {
      const call = statement[name].bind(statement) as (...args: unknown[]) => unknown;
      Object.defineProperty(statement, name, {
        value: (...args: unknown[]) => {
          if (!sqlite.inTransaction) throw new Error(`a write outside a transaction, on a connection another thread writes too: ${source.slice(0, 60)}`);
          return call(...args);
        },
      });
    }
    guarded.add(statement);
    return statement;
  };
  sqlite.prepare = guardedPrepare as typeof sqlite.prepare;
}

/** Takes the write lock `sqlite` shares if it is free; answers its release, or undefined when a thread of this process holds it. */
export function tryWriteLock(sqlite: Database.Database): (() => void) | undefined {
  const entry = shared.get(sqlite);
  if (!entry) return () => undefined;
  const { lock, me } = entry;
  return Atomics.compareExchange(lock, 0, FREE, me) === FREE ? () => releaseWriteLock(lock, me) : undefined;
}

/**
 * Whether the lock word `sqlite` shares is held by a holder with no SQLite write lock of its own now, so
 * the file's lock can still be tried: the checkpoint thread, or a transaction of `sqlite` itself that took
 * the word and has not begun yet (begun, the connection would be in a transaction).
 */
export function wordHeldWithoutFileLock(sqlite: Database.Database): boolean {
  const entry = shared.get(sqlite);
  if (!entry) return false;
  const holder = Atomics.load(entry.lock, 0);
  return holder === CHECKPOINT_THREAD || (holder === entry.me && !sqlite.inTransaction);
}

/** Takes the write lock `sqlite` shares, waiting asynchronously while the other thread holds it; answers its release. */
export async function takeWriteLock(sqlite: Database.Database): Promise<() => void> {
  const entry = shared.get(sqlite);
  if (!entry) return () => undefined;
  const { lock, me } = entry;
  for (;;) {
    const holder = Atomics.compareExchange(lock, 0, FREE, me);
    if (holder === FREE) break;
    const waited = Atomics.waitAsync(lock, 0, holder, RETRY_MS);
    if (!waited.async) continue;
    // NOTE: Atomics.waitAsync holds no handle open: a process with nothing else pending (a CLI, not the
    // listening server) would exit in the middle of the wait, leaving the transaction's promise unsettled.
    const open = setTimeout(() => undefined, RETRY_MS + 100);
    await waited.value;
    clearTimeout(open);
  }
  return () => releaseWriteLock(lock, me);
}

/** Frees the lock word if `holder` holds it (also when that thread has died holding it). */
export function releaseWriteLock(lock: Int32Array, holder: WriterThread): void {
  if (Atomics.compareExchange(lock, 0, holder, FREE) === holder) Atomics.notify(lock, 0);
}
