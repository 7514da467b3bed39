import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { CHECKPOINT_THREAD, releaseWriteLock, writeLockOf } from './thread-lock';

const CHECKPOINT_EVERY_MS = 100;

/**
 * The checkpointing thread: its own connection to the file, a passive checkpoint every `everyMs` while it
 * holds the lock word of the process's writers (db/thread-lock.ts; it may block, the writers wait for the
 * word asynchronously). Plain JavaScript evaluated by the worker: it needs none of our modules, and the
 * process's `--import tsx` does not reach worker threads.
 */
const THREAD = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const sqlite = new Database(workerData.file, { fileMustExist: true });
const { lock, me } = workerData;
const checkpoint = () => {
  for (let holder; (holder = Atomics.compareExchange(lock, 0, 0, me)) !== 0; ) Atomics.wait(lock, 0, holder, 5);
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    Atomics.compareExchange(lock, 0, me, 0);
    Atomics.notify(lock, 0);
  }
};
setInterval(checkpoint, workerData.everyMs);
`;
/** SQLite's own default: the connection that commits copies the WAL back once it holds this many pages. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * With the thread: the server's connection still checkpoints once the WAL holds 4,000 pages (16 MB), a
 * bound for when the thread's checkpoints fall behind (writes of another process, which do not take the
 * lock word); this checkpoint, on the connection that writes, finds most pages already copied.
 */
export const SERVER_CHECKPOINT_PAGES = 4000;

/**
 * NOTE: in WAL mode the connection whose commit brings the WAL past 1,000 pages copies them into the
 * database file and syncs it, inside that commit: under steady bookings a 5 to 20 ms stop of the event
 * loop every few dozen of them, and about half of all the time spent in COMMIT. Here a thread of its own,
 * with its own connection, runs a passive checkpoint every CHECKPOINT_EVERY_MS (it never waits for an
 * SQLite lock nor holds up a reader), and the server's connection checkpoints only every
 * SERVER_CHECKPOINT_PAGES, which bounds the WAL. Should the thread fail, the connection takes checkpoints
 * back at SQLite's default. Returns the thread's stop.
 * The thread checkpoints between two writes of the process, holding their lock word: the WAL starts over
 * only when a write begins with all of it copied, and under steady bookings a commit nearly always landed
 * during the checkpoint (its copy and two syncs take 1 to 5 ms). The WAL then grew to 4,000 pages, and from
 * there commits on the server's or the booking thread checkpointed inside COMMIT: in 15 s of mixed load
 * at 3,800 requests/s, 66 of 7,125 booking commits took over 5 ms (the longest 16 ms), and 6 on the
 * server's thread (9 ms, with its event loop stopped). With the word, 12 of 14,250 and 2 of 15,018.
 */
export function checkpointOnAThreadOfItsOwn(sqlite: Database.Database, log: Logger): () => Promise<void> {
  const lock = writeLockOf(sqlite);
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: sqlite.name,
      everyMs: CHECKPOINT_EVERY_MS,
      lock,
      me: CHECKPOINT_THREAD,
    },
  });
  sqlite.pragma(`wal_autocheckpoint = ${SERVER_CHECKPOINT_PAGES}`);
  let stopping = false;
  const takeBack = (why: string, error?: unknown) => {
    if (stopping || !sqlite.open) return;
    stopping = true;
    sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    log.error({ err: error }, `the checkpoint thread ${why}: the server's connection checkpoints again`);
  };
  worker.on('error', (error) => takeBack('failed', error));
  worker.on('exit', (code) => {
    releaseWriteLock(lock, CHECKPOINT_THREAD);
    takeBack(`exited with ${code}`);
  });
  worker.unref();
  return async () => {
    stopping = true;
    // An unref'd worker's terminate() does not hold the process open: a CLI would exit before closing the file.
    worker.ref();
    await worker.terminate();
  };
}
