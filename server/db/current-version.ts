import { eq, sql } from 'drizzle-orm';
import { first, prepareOnce, type Queryable } from './client';
import { onPostgres } from './dialect';
import { syncState } from './schema';

const readVersion = prepareOnce((q) => q.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)).prepare());
/** NOTE: just above the newest transaction that has ended: it moves with every commit of any process. */
const lastEnded = prepareOnce((q) =>
  q
    .select({ version: sql<number>`pg_snapshot_xmax(pg_current_snapshot())::text::bigint` })
    .from(syncState)
    .prepare(),
);

/** A mark of the database's writes now: it moves with every committed write, so anything read may have changed when it does. */
export async function currentVersion(q: Queryable): Promise<number> {
  return (await first((onPostgres(q) ? lastEnded : readVersion)(q).execute()))?.version ?? 0;
}
