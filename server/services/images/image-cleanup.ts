import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbAndClock } from '../deps';
import { immediate, type Queryable } from '../../db/client';
import { lastChars } from '../../db/dialect';
import { images } from '../../db/schema';
import { imageStore, type ImagePlace } from './image-store';

/** What the clean-up reads: where images are kept, the clock, and the log it reports to. */
type Cleaner = DbAndClock & ImagePlace & { log: Logger };

/** An upload nothing refers to is kept this long, time enough for its message or receipt to follow. */
export const ORPHAN_AFTER_MS = 86_400_000;
/** The clean-up reads every reference, so the sweeper runs it at most this often. */
const CLEANUP_EVERY_MS = 3_600_000;

/**
 * Everything that refers to an image: a payment's receipt, a chat message, a traveller's photo and a
 * user's picture (these two stored as the id or as '/api/images/{id}'). Home-page images are kind
 * 'marketing' and never cleaned up; settings hold no images.
 */
const referenced = (q: Queryable) => sql`(
  select receipt_image_id from payments where receipt_image_id is not null
  union select image_id from messages where image_id is not null
  union select ${lastChars(q, sql`image`, 32)} from travellers where image is not null
  union select ${lastChars(q, sql`image`, 32)} from users where image is not null
)`;

/** Deletes uploads older than a day that nothing refers to: rows in one transaction, then their bytes (image-store.ts). */
export async function purgeOrphanImages(ctx: Cleaner): Promise<string[]> {
  const cutoff = new Date(ctx.now().getTime() - ORPHAN_AFTER_MS).toISOString();
  const orphans = await immediate(ctx.db, async (tx) => {
    const rows = await tx
      .select({ id: images.id, mime: images.mime })
      .from(images)
      .where(and(ne(images.kind, 'marketing'), lt(images.createdAt, cutoff), sql`${images.id} not in ${referenced(tx)}`));
    if (rows.length)
      await tx.delete(images).where(
        inArray(
          images.id,
          rows.map((row) => row.id),
        ),
      );
    return rows;
  });
  await imageStore(ctx).remove(orphans);
  return orphans.map((row) => row.id);
}

const lastCleanup = new WeakMap<Cleaner, number>();

/** For the sweeper: the clean-up when an hour has passed on the app's clock since the last one. */
export async function purgeOrphanImagesWhenDue(ctx: Cleaner): Promise<void> {
  const now = ctx.now().getTime();
  const last = lastCleanup.get(ctx);
  if (last !== undefined && now - last < CLEANUP_EVERY_MS && now >= last) return;
  lastCleanup.set(ctx, now);
  const purged = await purgeOrphanImages(ctx);
  if (purged.length) ctx.log.info({ count: purged.length }, 'unattached images deleted');
}
