import { eq, sql } from 'drizzle-orm';
import { prepareOnce, type Queryable } from './client';
import { syncState, tombstones } from './schema';

const bumpVersion = prepareOnce((q) =>
  q
    .update(syncState)
    .set({ version: sql`${syncState.version} + 1` })
    .where(eq(syncState.id, 1))
    .returning({ version: syncState.version })
    .prepare(),
);

/** Bumps the one global sync version; every row a write touches is stamped with it. */
export function nextVersion(q: Queryable): number {
  const row = bumpVersion(q).get();
  if (!row) throw new Error('sync_state row missing');
  return row.version;
}

export function recordDelete(q: Queryable, tableName: string, rowId: string, version: number, now: Date): void {
  q.insert(tombstones).values({ tableName, rowId, version, deletedAt: now.toISOString() }).run();
}
