import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { databaseFile, type Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import * as schema from '../db/schema';

/** A connection of the test's own to a server's database, for reads that must not go through the server. */
export type Observer = { db: Db; close: () => Promise<void> };

/**
 * Reads a server's database the way an outside observer would: its SQLite file read-only in DATA_DIR, or,
 * when `databaseUrl` is given, the same PostgreSQL database on a pool of its own. Queries are drizzle's
 * with the table objects of schema.ts, so a suite reads both engines with the same code.
 */
export async function observe(dataDir: string, databaseUrl: string | undefined): Promise<Observer> {
  if (databaseUrl) {
    const { db, pool } = await openPostgres(databaseUrl, 2);
    return { db, close: () => pool.end() };
  }
  const sqlite = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  const db = drizzle(sqlite, { schema });
  return {
    db,
    close: () => {
      sqlite.close();
      return Promise.resolve();
    },
  };
}
