import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { noteWriteWait, registerTransactions, type Db, type Tx } from './client';
import { migratePostgres } from './pg-migrate';

// NOTE: counts and bigint columns arrive as int8 and sums as numeric, which node-postgres hands over as
// strings; every such value here is far below 2^53, so they are read as numbers like SQLite's.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** The transaction-level advisory lock every write transaction takes first (docs/decisions/011). */
const WRITE_LOCK = 7_210_016;

/** Collations that order text bytewise, as SQLite does: ids, ISO instants and cursors compare as strings. */
const BYTEWISE = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

export class PostgresSetupError extends Error {}

/** How long a statement may run and a transaction stay idle before PostgreSQL ends it; unset, no limit (bulk tools). */
export type PostgresTimeouts = { statementMs: number; idleTransactionMs: number };

/**
 * Connects to `url`, applies the migrations (under an advisory lock, so processes starting together
 * do not race; on a connection of their own, as no timeout applies to them) and registers the two kinds
 * of transaction: writes one at a time across every process (as SQLite's write lock does), reads in one
 * REPEATABLE READ snapshot.
 */
export async function openPostgres(url: string, poolSize = 10, timeouts?: PostgresTimeouts): Promise<{ db: Db; pool: pg.Pool }> {
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
  const pgDb = drizzle(pool);
  const db = pgDb as unknown as Db;
  registerTransactions(db, {
    immediate: (work) => {
      const askedAt = performance.now();
      return pgDb.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
        noteWriteWait(db, askedAt);
        return work(tx as unknown as Tx);
      });
    },
    snapshot: (work) => pgDb.transaction((tx) => work(tx as unknown as Tx), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
  });
  return { db, pool };
}
