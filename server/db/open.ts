import type Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, type Db } from './client';
import { openPostgres } from './postgres';

/** The database the server runs on: the embedded SQLite file, or PostgreSQL when DATABASE_URL names one. */
export type DatabaseHandle = {
  engine: 'sqlite' | 'postgres';
  db: Db;
  /** The SQLite connection; undefined on PostgreSQL. */
  sqlite: Database.Database | undefined;
  /** The PostgreSQL pool; undefined on SQLite. */
  pool: pg.Pool | undefined;
  /** PostgreSQL only: `onPayload` hears each notification on `channel`, on its own connection (ended by close). */
  listen: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | undefined;
  /** Whether the database answers a query now. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export async function openDatabaseHandle(dataDir: string, databaseUrl: string | undefined): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const { db, pool } = await openPostgres(databaseUrl);
    const listeners: pg.Client[] = [];
    return {
      engine: 'postgres',
      db,
      sqlite: undefined,
      pool,
      listen: async (channel, onPayload) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on('error', () => undefined);
        client.on('notification', (message) => onPayload(message.payload ?? ''));
        await client.connect();
        listeners.push(client);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      },
      ping: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: async () => {
        await Promise.all(listeners.map((client) => client.end()));
        await pool.end();
      },
    };
  }
  const { db, sqlite } = openDatabase(dataDir);
  return {
    engine: 'sqlite',
    db,
    sqlite,
    pool: undefined,
    listen: undefined,
    ping: () => {
      try {
        sqlite.prepare('select 1').get();
        return Promise.resolve(true);
      } catch {
        return Promise.resolve(false);
      }
    },
    close: () => {
      sqlite.close();
      return Promise.resolve();
    },
  };
}
