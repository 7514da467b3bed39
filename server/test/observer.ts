import Database from 'better-sqlite3';
import { count, getTableName, is, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { databaseFile, type Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import * as schema from '../db/schema';

/** A connection of the test's own to a server's database, for reads that must not go through the server. */
export type Observer = {
  db: Db;
  /** The read-only SQLite connection; undefined on PostgreSQL. */
  sqlite?: Database.Database;
  /**
   * The engine's own consistency check; answers what it found wrong. SQLite: integrity_check and
   * foreign_key_check. PostgreSQL: amcheck on every B-tree index, with each table's rows all indexed
   * (foreign keys it enforces at every commit).
   */
  integrity: () => Promise<unknown[]>;
  close: () => Promise<void>;
};

/**
 * Reads a server's database the way an outside observer would: its SQLite file read-only in DATA_DIR, or,
 * when `databaseUrl` is given, the same PostgreSQL database on a pool of its own. Queries are drizzle's
 * with the table objects of schema.ts, so a suite reads both engines with the same code.
 */
export async function observe(dataDir: string, databaseUrl: string | undefined): Promise<Observer> {
  if (databaseUrl) {
    const { db, pool } = await openPostgres(databaseUrl, 2);
    const integrity = async () => {
      await pool.query('create extension if not exists amcheck');
      const { rows } = await pool.query<{ index: string }>(
        `select c.relname as index from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
         join pg_namespace n on n.oid = c.relnamespace where a.amname = 'btree' and n.nspname = 'public'`,
      );
      const problems: unknown[] = [];
      for (const { index } of rows) {
        await pool.query('select bt_index_check($1::regclass, true)', [index]).catch((error: unknown) => problems.push({ index, error: String(error) }));
      }
      return problems;
    };
    return { db, integrity, close: () => pool.end() };
  }
  const sqlite = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  const db = drizzle(sqlite);
  return {
    db,
    sqlite,
    integrity: () => {
      const check = sqlite.pragma('integrity_check', { simple: true });
      return Promise.resolve([...(check === 'ok' ? [] : [check]), ...(sqlite.pragma('foreign_key_check') as unknown[])]);
    },
    close: () => {
      sqlite.close();
      return Promise.resolve();
    },
  };
}

const TABLES: SQLiteTable[] = Object.values(schema).filter((value) => is(value, SQLiteTable));

/** The row count of every table of schema.ts, by table name, but those in `exclude`. */
export async function rowCounts(db: Db, exclude: string[] = []): Promise<Record<string, number>> {
  const counted = await Promise.all(
    TABLES.filter((table) => !exclude.includes(getTableName(table))).map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [getTableName(table), row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counted);
}

/**
 * A mark that moves whenever another connection commits a change. SQLite: the observer connection's
 * data_version. PostgreSQL: per table, its row count and the sum of its rows' transaction ids (xmin),
 * which every committed insert, update and delete moves (this database's rows only, unlike the
 * cluster-wide transaction counters).
 */
export async function commitMark(observer: Observer): Promise<string> {
  const { db, sqlite } = observer;
  if (sqlite) return String(sqlite.pragma('data_version', { simple: true }));
  const marks = await Promise.all(
    TABLES.map(async (table) => {
      const [row] = await db.select({ n: count(), xids: sql<number>`coalesce(sum(xmin::text::bigint), 0)` }).from(table);
      return `${getTableName(table)}:${row?.n ?? 0}:${row?.xids ?? 0}`;
    }),
  );
  return marks.join(',');
}
