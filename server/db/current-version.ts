import { eq } from 'drizzle-orm';
import { first, prepareOnce, type Queryable } from './client';
import { syncState } from './schema';

const readVersion = prepareOnce((q) => q.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)).prepare());

/** The global sync version now: it moves with every committed write, so anything read may have changed when it does. */
export async function currentVersion(q: Queryable): Promise<number> {
  return (await first(readVersion(q).execute()))?.version ?? 0;
}
