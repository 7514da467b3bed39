import { eq, sql } from 'drizzle-orm';
import { first, noteLocalWrite, prepareOnce, type Queryable } from './client';
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
export async function nextVersion(q: Queryable): Promise<number> {
  const row = await first(bumpVersion(q).execute());
  if (!row) throw new Error('sync_state row missing');
  noteLocalWrite();
  return row.version;
}

export async function recordDelete(q: Queryable, tableName: string, rowId: string, version: number, now: Date): Promise<void> {
  await q.insert(tombstones).values({ tableName, rowId, version, deletedAt: now.toISOString() });
}
