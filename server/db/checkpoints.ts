import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

const CHECKPOINT_EVERY_MS = 100;

/**
 * The checkpointing thread: its own connection to the file, a passive checkpoint every `everyMs`. Plain
 * JavaScript evaluated by the worker: it needs none of our modules, and the process's `--import tsx` does
 * not reach worker threads.
 */
const THREAD = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const sqlite = new Database(workerData.file, { fileMustExist: true });
setInterval(() => sqlite.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
`;
/** SQLite's own default: the connection that commits copies the WAL back once it holds this many pages. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * With the thread: the server's connection still checkpoints once the WAL holds 4,000 pages (16 MB). Under
 * steady writes the thread never finds the WAL wholly copied when a write begins, and only then does the
 * WAL start over; this checkpoint, on the connection that writes, finds most pages already copied.
 */
export const SERVER_CHECKPOINT_PAGES = 4000;

/**
 * NOTE: in WAL mode the connection whose commit brings the WAL past 1,000 pages copies them into the
 * database file and syncs it, inside that commit: under steady bookings a 5 to 20 ms stop of the event
 * loop every few dozen of them, and about half of all the time spent in COMMIT. Here a thread of its own,
 * with its own connection, runs a passive checkpoint every CHECKPOINT_EVERY_MS (it never waits for a
 * lock nor holds up a writer or a reader), and the server's connection checkpoints only every
 * SERVER_CHECKPOINT_PAGES, which bounds the WAL. Should the thread fail, the connection takes checkpoints
 * back at SQLite's default. Returns the thread's stop.
 */
export function checkpointOnAThreadOfItsOwn(sqlite: Database.Database, log: Logger): () => Promise<void> {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: sqlite.name, everyMs: CHECKPOINT_EVERY_MS },
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
  worker.on('exit', (code) => takeBack(`exited with ${code}`));
  worker.unref();
  return async () => {
    stopping = true;
    await worker.terminate();
  };
}
