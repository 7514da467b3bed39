import pg from 'pg';
import { noteWriteRetry, noteWriteWait, registerTransactions, type Db } from './client';
import { batchedTransaction } from './batching';
import { pgDatabase, type PgDb } from './pg-driver';
import { migratePostgres } from './pg-migrate';

/** A deadlock or a serialization failure: the transaction was rolled back and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const RETRIES = 5;
const BACKOFF_MS = 5;

const codeOf = (error: unknown): unknown => (error instanceof Error ? (Reflect.get(error, 'code') ?? codeOf(error.cause)) : undefined);

/**
 * A write transaction, run again (at most RETRIES times, after a jittered wait growing each time) when
 * PostgreSQL broke a deadlock by rolling it back or could not serialize it. Its work only reads and
 * writes through the transaction, so running it again is safe.
 */
async function retried<T>(db: Db, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = String(codeOf(error));
      if (attempt >= RETRIES || !RETRYABLE.has(code)) throw error;
      noteWriteRetry(db, code);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * 2 ** attempt));
    }
  }
}

/** `work`'s reads in one REPEATABLE READ snapshot, on a connection of the pool. */
async function readOnlySnapshot<T>(pool: pg.Pool, work: (q: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    const result = await work(pgDatabase(client, (statement, values) => client.query(statement, values)));
    await client.query('commit');
    return result;
  } catch (error) {
    failed = await client.query('rollback').then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.release(failed ? new Error('its rollback failed') : undefined);
  }
}

/** Collations that order text bytewise, as SQLite does: ids, ISO instants and cursors compare as strings. */
const BYTEWISE = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

export class PostgresSetupError extends Error {}

/** How long a statement may run and a transaction stay idle before PostgreSQL ends it; unset, no limit (bulk tools). */
export type PostgresTimeouts = { statementMs: number; idleTransactionMs: number };

/**
 * Connects to `url`, applies the migrations (under an advisory lock, so processes starting together
 * do not race; on a connection of their own, as no timeout applies to them) and registers the two kinds
 * of transaction: writes side by side, each locking the rows it reads before it writes (db/locks.ts) and
 * run again after a deadlock, its statements sent several to a message where they can (db/batching.ts),
 * and reads in one REPEATABLE READ snapshot.
 */
export async function openPostgres(url: string, poolSize = 10, timeouts?: PostgresTimeouts): Promise<{ db: PgDb; pool: pg.Pool }> {
  const setup = new pg.Pool({ connectionString: url, max: 1 });
  setup.on('error', () => undefined);
  try {
    const { rows } = await setup.query<{ collation: string }>('select datcollate as collation from pg_database where datname = current_database()');
    const collation = rows[0]?.collation ?? '';
    if (!BYTEWISE.has(collation)) {
      throw new PostgresSetupError(
        `The database sorts text by ${collation}; SkyWay needs bytewise order. Create it with: createdb --template=template0 --locale=C <name>`,
      );
    }
    await migratePostgres(setup);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(timeouts && { statement_timeout: timeouts.statementMs, idle_in_transaction_session_timeout: timeouts.idleTransactionMs }),
  });
  // An idle client that loses its server must not end the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = pgDatabase(pool, (statement, values) => pool.query(statement, values));
  registerTransactions(db, {
    immediate: (work) => {
      const askedAt = performance.now();
      return retried(db, () =>
        batchedTransaction(pool, (tx) => {
          noteWriteWait(db, askedAt);
          return work(tx);
        }),
      );
    },
    snapshot: (work) => readOnlySnapshot(pool, work),
  });
  return { db, pool };
}
