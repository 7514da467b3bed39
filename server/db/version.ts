import { eq, sql } from 'drizzle-orm';
import { first, prepareOnce, type Queryable, type Tx } from './client';
import { onPostgres } from './dialect';
import { syncState, tombstones } from './schema';

const bumpVersion = prepareOnce((q) =>
  q
    .update(syncState)
    .set({ version: sql`${syncState.version} + 1` })
    .where(eq(syncState.id, 1))
    .returning({ version: syncState.version })
    .prepare(),
);

/**
 * NOTE: on PostgreSQL a version is the id of the writing transaction (`pg_current_xact_id()`) plus an
 * offset kept in sync_state: the counter reached before versions became transaction ids, so every new
 * version is above every old one (db/postgres.ts raises it after a restore into another cluster). Writes
 * do not take turns for it (docs/decisions/023).
 */
const transactionVersion = prepareOnce((q) =>
  q
    .select({ version: sql<number>`pg_current_xact_id()::text::bigint + ${syncState.version}` })
    .from(syncState)
    .where(eq(syncState.id, 1))
    .prepare(),
);

/**
 * The version every row a write touches is stamped with: on SQLite the one global counter, bumped; on
 * PostgreSQL the writing transaction's id (the same for all its rows).
 */
export async function nextVersion(q: Queryable): Promise<number> {
  const row = await first((onPostgres(q) ? transactionVersion : bumpVersion)(q).execute());
  if (!row) throw new Error('sync_state row missing');
  return row.version;
}

const counter = prepareOnce((q) => q.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)).prepare());
const belowOpenTransactions = prepareOnce((q) =>
  q
    .select({ version: sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1 + ${syncState.version}` })
    .from(syncState)
    .where(eq(syncState.id, 1))
    .prepare(),
);

/**
 * The highest version a read may send as final: every row at or below it has been written by a
 * transaction that has ended, so none of them can still appear. On SQLite, whose writes are serial, the
 * counter; on PostgreSQL, just below the oldest transaction still open when the read's snapshot was taken.
 * A pull sends the rows above its cursor up to it, so a row is never skipped and never sent twice.
 */
export async function syncWatermark(q: Queryable): Promise<number> {
  return (await first((onPostgres(q) ? belowOpenTransactions : counter)(q).execute()))?.version ?? 0;
}

const EARLIER_WRITES_MS = 3_000;
const assigned = prepareOnce((q) =>
  q
    .select({ next: sql<number>`pg_snapshot_xmax(pg_current_snapshot())::text::bigint` })
    .from(syncState)
    .prepare(),
);
const oldestOpen = prepareOnce((q) =>
  q
    .select({ oldest: sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint` })
    .from(syncState)
    .prepare(),
);

/**
 * On PostgreSQL, waits until every write transaction begun before this call has ended, for at most 3 s
 * (an older transaction left open holds the watermark longer; the idle timeout ends it): a pull that
 * follows a write then sends it. Polls with growing pauses, so a stalled transaction costs a waiting pull
 * about ten short reads. SQLite's writes are serial: nothing to wait for.
 */
export async function awaitEarlierWrites(q: Queryable): Promise<void> {
  if (!onPostgres(q)) return;
  const next = (await first(assigned(q).execute()))?.next ?? 0;
  const giveUpAt = Date.now() + EARLIER_WRITES_MS;
  for (let pause = 2; Date.now() < giveUpAt; pause = Math.min(pause * 2, 500)) {
    if (((await first(oldestOpen(q).execute()))?.oldest ?? 0) >= next) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

export async function recordDelete(tx: Tx, tableName: string, rowId: string, version: number, now: Date): Promise<void> {
  await tx.insert(tombstones).values({ tableName, rowId, version, deletedAt: now.toISOString() });
}
