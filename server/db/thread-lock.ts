import type Database from 'better-sqlite3';

const FREE = 0;
/** The threads of this process that write one SQLite file: the server's own, and the booking thread. */
export const SERVER_THREAD = 1;
export const BOOKING_THREAD = 2;
export type WriterThread = typeof SERVER_THREAD | typeof BOOKING_THREAD;

/** Between two tries, at most: a release notifies the waiter sooner. */
const RETRY_MS = 5;

const shared = new WeakMap<Database.Database, { lock: Int32Array; me: WriterThread }>();

/** A lock word for the threads of this process that write one file (FREE, or who holds it). */
export const newWriteLock = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

/**
 * NOTE: two connections of one process that write one file would otherwise meet in SQLite's busy
 * handler, which sleeps (1 ms, then 2, 5, 10...) and on the server's thread stops the event loop. With
 * this lock word they take turns: the writes of `sqlite` (each transaction) wait, asynchronously, while
 * the other thread holds it.
 */
export function shareWriteLock(sqlite: Database.Database, lock: Int32Array, me: WriterThread): void {
  shared.set(sqlite, { lock, me });
}

/** Takes the write lock `sqlite` shares if it is free; answers its release, or undefined when a thread of this process holds it. */
export function tryWriteLock(sqlite: Database.Database): (() => void) | undefined {
  const entry = shared.get(sqlite);
  if (!entry) return () => undefined;
  const { lock, me } = entry;
  return Atomics.compareExchange(lock, 0, FREE, me) === FREE ? () => releaseWriteLock(lock, me) : undefined;
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
    if (waited.async) await waited.value;
  }
  return () => releaseWriteLock(lock, me);
}

/** Frees the lock word if `holder` holds it (also when that thread has died holding it). */
export function releaseWriteLock(lock: Int32Array, holder: WriterThread): void {
  if (Atomics.compareExchange(lock, 0, holder, FREE) === holder) Atomics.notify(lock, 0);
}
