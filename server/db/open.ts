import type Database from 'better-sqlite3';
import pg from 'pg';
import type { Logger } from 'pino';
import { hearCatalogueWrites, type CatalogueFeed } from './catalogue-writes';
import { checkpointOnAThreadOfItsOwn } from './checkpoints';
import { openDatabase, type Db } from './client';
import { pgListener, type Listen } from './pg-listener';
import { hearSettingsWrites } from './settings-writes';
import { hearUserWrites } from './user-writes';
import { openPostgres, type PostgresTimeouts } from './postgres';

/** The database the server runs on: the embedded SQLite file, or PostgreSQL when DATABASE_URL names one. */
export type DatabaseHandle = {
  engine: 'sqlite' | 'postgres';
  db: Db;
  /** The SQLite connection; undefined on PostgreSQL. */
  sqlite: Database.Database | undefined;
  /** The PostgreSQL pool; undefined on SQLite. */
  pool: pg.Pool | undefined;
  /** The writes to flights and airports that searches follow: this connection's on SQLite, every process's on PostgreSQL. */
  catalogue: CatalogueFeed;
  /**
   * PostgreSQL only: `onPayload` hears each notification on `channel`, on the one connection of the process
   * that listens, made again when lost (pg-listener.ts; ended by close).
   */
  listen: Listen | undefined;
  /**
   * Whether this process runs the work due once per tick across processes (the lifecycle sweeper): always
   * on SQLite, whose file serves one process; on PostgreSQL the process holding a session advisory lock,
   * taken over by another within a tick once its holder is gone.
   */
  leads: () => Promise<boolean>;
  /** Whether the database answers a query now. */
  ping: () => Promise<boolean>;
  /**
   * PostgreSQL: how long the oldest transaction open on the database has been, in seconds (0 when none is),
   * or null when that cannot be read. Undefined on SQLite, whose transactions end with their request.
   */
  oldestTransactionSeconds: (() => Promise<number | null>) | undefined;
  close: () => Promise<void>;
};

/** The session advisory lock of the process that sweeps; any constant every process shares. */
const LEADER_LOCK = 7_210_017;

/** The age of the oldest transaction open on this database, other than the asking one, in whole seconds. */
const OLDEST_TRANSACTION = `select coalesce(floor(extract(epoch from max(now() - xact_start))), 0)::int as seconds
  from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()`;

export async function openDatabaseHandle(dataDir: string, databaseUrl: string | undefined, log: Logger, timeouts?: PostgresTimeouts): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const { db, pool } = await openPostgres(databaseUrl, undefined, timeouts);
    const listener = pgListener(databaseUrl, log);
    const [catalogue] = await Promise.all([
      hearCatalogueWrites(listener.listen),
      hearSettingsWrites(pool, listener.listen),
      hearUserWrites(pool, listener.listen),
    ]);
    let leader: pg.Client | undefined;
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    return {
      engine: 'postgres',
      db,
      sqlite: undefined,
      pool,
      catalogue,
      listen: listener.listen,
      leads: async () => {
        if (leader) return true;
        const client = await connect();
        const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [LEADER_LOCK]);
        if (!rows[0]?.held) {
          await client.end();
          return false;
        }
        client.once('end', () => (leader = undefined));
        leader = client;
        return true;
      },
      ping: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      oldestTransactionSeconds: () =>
        pool.query<{ seconds: number }>(OLDEST_TRANSACTION).then(
          (answer) => answer.rows[0]?.seconds ?? 0,
          () => null,
        ),
      close: async () => {
        await Promise.all([listener.close(), leader?.end()]);
        await pool.end();
      },
    };
  }
  const { db, sqlite, reader, catalogue } = openDatabase(dataDir);
  const stopCheckpoints = checkpointOnAThreadOfItsOwn(sqlite, log);
  return {
    engine: 'sqlite',
    db,
    sqlite,
    pool: undefined,
    catalogue,
    listen: undefined,
    leads: () => Promise.resolve(true),
    oldestTransactionSeconds: undefined,
    ping: () => {
      try {
        sqlite.prepare('select 1').get();
        return Promise.resolve(true);
      } catch {
        return Promise.resolve(false);
      }
    },
    close: async () => {
      await stopCheckpoints();
      reader.close();
      sqlite.close();
    },
  };
}
