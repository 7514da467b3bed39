import { lt } from 'drizzle-orm';
import type { DbAndClock } from '../deps';
import { immediate } from '../../db/client';
import { mutationResults, tombstones } from '../../db/schema';
import { TOMBSTONE_DAYS } from './sync-pull';

/** Tombstones and stored rejections older than the oldest cursor a client may still hold are dropped. */
export async function purgeSyncHistory(ctx: DbAndClock): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - TOMBSTONE_DAYS * 86_400_000).toISOString();
  await immediate(ctx.db, async (tx) => {
    await tx.delete(tombstones).where(lt(tombstones.deletedAt, cutoff));
    await tx.delete(mutationResults).where(lt(mutationResults.createdAt, cutoff));
  });
}
