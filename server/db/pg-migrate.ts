import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg, { type Pool, type PoolClient } from 'pg';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations/pg');

/** The session advisory lock every process takes to migrate; any constant all processes share. */
const MIGRATION_LOCK = 7_210_015;

/**
 * NOTE: versions are transaction ids plus sync_state's offset (db/version.ts). A database restored into
 * another cluster may hold versions above the ids this cluster hands out: the offset is raised past them
 * before any process writes, so new versions stay above old ones. It runs under the migrations' lock.
 */
const SYNCED_TABLES = ['airports', 'flights', 'bookings', 'payments', 'users', 'settings', 'conversations', 'messages', 'tombstones', 'sync_clients'];
async function raiseVersionOffset(client: PoolClient): Promise<void> {
  const newest = SYNCED_TABLES.map((table) => `(select coalesce(max(version), 0) from ${pg.escapeIdentifier(table)})`).join(', ');
  await client.query(`update sync_state set version = greatest(${newest}) - pg_current_xact_id()::text::bigint + 1
    where id = 1 and greatest(${newest}) >= pg_current_xact_id()::text::bigint + version`);
}

/**
 * Applies `migrations/pg` and makes sure the one `sync_state` row exists. NOTE: processes starting
 * together would race on drizzle's own bookkeeping (`create schema if not exists` is not safe
 * concurrently) and on the migrations, so each waits for one session advisory lock, held on one
 * dedicated connection.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await client.query('insert into sync_state (id, version) values (1, 0) on conflict do nothing');
      await raiseVersionOffset(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed is closed, not reused: closing the session also frees the lock.
    client.release(failure);
  }
}
