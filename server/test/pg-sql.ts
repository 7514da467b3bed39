import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import { createTestDatabase } from './pg-database';

/** A statement of a PostgreSQL suite's own on the database or a transaction, with the rows it answers. */
export const runSql = async (q: Db, query: SQL) => ({ rows: await q.all<Record<string, unknown>>(query) });

/**
 * A fresh PostgreSQL database of a suite's own, migrated, with `setup` run on it, and its pool of
 * `poolSize`; `stop` ends the pool and drops the database.
 */
export async function scratchPostgres(poolSize: number, setup: (db: Db, url: string) => Promise<void>) {
  const database = await createTestDatabase();
  const opened = await openPostgres(database.url, poolSize);
  await setup(opened.db, database.url);
  const stop = async () => {
    await opened.pool.end();
    await database.drop();
  };
  return { db: opened.db, url: database.url, stop };
}
