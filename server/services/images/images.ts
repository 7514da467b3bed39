import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { DbAndClock } from '../deps';
import { first, immediate, type Queryable } from '../../db/client';
import { images } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { ALLOW, decide, imageReadPermission, refusal } from '../../policies';
import { inImageQueue } from './image-queue';
import { allowedUploads, PDF_MIME, startsAsPdf } from '../../../sync/upload-rules';
import { checkPdf } from './pdf-receipts';
import type { UserRow } from '../../actor';
import { imageStore, type ImagePlace } from './image-store';

// Backups and their checks read the SQLite engine's image files.
export { imageDir, imagePath } from './image-store';

export type ImageKind = (typeof images.$inferSelect)['kind'];
export type ImageRow = typeof images.$inferSelect;

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const WEBP_MIME = 'image/webp';
const MAX_SIDE = 1024;
const MEGAPIXEL = 1_000_000;
/** Admins' home-page images may be large; receipts, chat images and photos come downscaled to 1024 px by the PWA. */
const MAX_MEGAPIXELS: Record<ImageKind, number> = { marketing: 40, receipt: 16, chat: 16, avatar: 16 };
/** An interlaced or 16-bit PNG is decoded whole into memory at up to 8 bytes a pixel, so it gets a quarter of the limit. */
const HEAVY_PNG_SHARE = 4;
/** Images stored per owner in 24 hours; admins have no quota. */
export const DAILY_UPLOADS: Record<Exclude<UserRow['role'], 'admin'>, number> = { user: 100, guest: 20 };
const DAY_MS = 86_400_000;

const notAccepted = (kind: ImageKind) => new AppError(400, allowedUploads(kind), { code: 'invalid_image' });

export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

type Header = { format?: string; width?: number; height?: number; depth?: string; isProgressive?: boolean };

/** How many pixels this input may decode to, and what a refusal says. Reads only the header. */
function pixelLimit(kind: ImageKind, header: Header): { pixels: number; message: string } {
  const heavy = header.format === 'png' && (header.isProgressive === true || header.depth !== 'uchar');
  if (heavy) {
    const megapixels = MAX_MEGAPIXELS[kind] / HEAVY_PNG_SHARE;
    return { pixels: megapixels * MEGAPIXEL, message: `Interlaced and 16-bit PNG images may be at most ${megapixels} megapixels` };
  }
  return { pixels: MAX_MEGAPIXELS[kind] * MEGAPIXEL, message: `The image is larger than ${MAX_MEGAPIXELS[kind]} megapixels` };
}

/** Checks the header, then decodes within its limit: at most 1024 px a side, WebP at quality 90, metadata stripped. */
async function reencode(input: Buffer, kind: ImageKind): Promise<{ data: Buffer; info: Pick<OutputInfo, 'width' | 'height'> }> {
  let header: Header;
  try {
    // Reads the header only; the pixel limit is checked below so an oversized image is told apart from a non-image.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAccepted(kind);
  }
  if (!header.format || !ACCEPTED.has(header.format)) throw notAccepted(kind);
  const limit = pixelLimit(kind, header);
  if ((header.width ?? 0) * (header.height ?? 0) > limit.pixels) throw new AppError(400, limit.message, { code: 'invalid_image' });
  try {
    return await sharp(input, { limitInputPixels: limit.pixels, sequentialRead: true })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, `The image is damaged or larger than ${MAX_MEGAPIXELS[kind]} megapixels`, { code: 'invalid_image' });
  }
}

async function assertDailyQuota(ctx: DbAndClock, owner: UserRow): Promise<void> {
  if (owner.role === 'admin') return;
  const since = new Date(ctx.now().getTime() - DAY_MS).toISOString();
  const stored = await ctx.db.$count(images, and(eq(images.ownerId, owner.id), gt(images.createdAt, since)));
  if (stored >= DAILY_UPLOADS[owner.role]) throw new AppError(429, 'You have uploaded the most images allowed in a day. Please try again tomorrow.');
}

/** Who stores an image: its owner (seeds have none), the queue's key for the caller (its address) and a title. */
export type Uploader = { owner: UserRow | null; queueKey: string; title?: string | null };

type Stored = { data: Buffer; mime: string; width: number; height: number };

/** What is written: a re-encoded image (in the image queue), or a receipt's PDF as it came (it has no pixel size). */
async function prepare(input: Buffer, kind: ImageKind, queueKey: string): Promise<Stored> {
  if (startsAsPdf(input)) {
    if (kind !== 'receipt') throw new AppError(400, `PDFs are accepted for receipts only. ${allowedUploads(kind)}`);
    checkPdf(input);
    return { data: input, mime: PDF_MIME, width: 0, height: 0 };
  }
  const { data, info } = await inImageQueue(queueKey, () => reencode(input, kind));
  return { data, mime: WEBP_MIME, width: info.width, height: info.height };
}

/**
 * The same bytes from the same owner answer the stored image, so a retried upload is harmless (and the
 * image counts as new again for the orphan clean-up). Otherwise the owner's daily quota is checked and
 * the image re-encoded in the image queue (services/images/image-queue.ts); a receipt may be a PDF instead.
 */
export async function storeImage(ctx: DbAndClock & ImagePlace, input: Buffer, kind: ImageKind, { owner, queueKey, title = null }: Uploader): Promise<ImageRow> {
  const sha256 = createHash('sha256').update(input).digest('hex');
  const same = await first(
    ctx.db
      .select()
      .from(images)
      .where(and(eq(images.sha256, sha256), eq(images.kind, kind), owner ? eq(images.ownerId, owner.id) : isNull(images.ownerId))),
  );
  if (same) {
    if (kind === 'marketing') return same;
    const renewed = await immediate(ctx.db, (tx) =>
      first(tx.update(images).set({ createdAt: ctx.now().toISOString() }).where(eq(images.id, same.id)).returning()),
    );
    return renewed ?? same;
  }
  if (owner) await assertDailyQuota(ctx, owner);
  const output = await prepare(input, kind, queueKey);
  const row = {
    id: randomBytes(16).toString('hex'),
    ownerId: owner?.id ?? null,
    kind,
    mime: output.mime,
    width: output.width,
    height: output.height,
    bytes: output.data.length,
    sha256,
    title,
    createdAt: ctx.now().toISOString(),
  };
  return await imageStore(ctx).save(row, output.data);
}

/** The image of that id, kind and owner, if there is one. */
export async function ownedImage(q: Queryable, id: string, ownerId: string, kind: ImageKind): Promise<ImageRow | undefined> {
  return await first(
    q
      .select()
      .from(images)
      .where(and(eq(images.id, id), eq(images.ownerId, ownerId), eq(images.kind, kind))),
  );
}

export async function listMarketingImages(ctx: DbAndClock) {
  return (await ctx.db.select().from(images).where(eq(images.kind, 'marketing')).orderBy(desc(images.createdAt))).map((row) => ({
    _id: row.id,
    imageUrl: imageUrl(row.id),
    title: row.title,
    width: row.width,
    height: row.height,
  }));
}

/**
 * The image when the caller may read it (policies: 'image.read', marketing ones are public). A chat image
 * is also read by whoever `inReadableConversation` says may read a conversation it is attached to.
 */
export async function readableImage(
  ctx: DbAndClock,
  id: string,
  user: UserRow | undefined,
  inReadableConversation: (image: ImageRow, reader: UserRow) => Promise<boolean>,
): Promise<ImageRow> {
  const row = await first(ctx.db.select().from(images).where(eq(images.id, id)));
  if (!row) throw notFound('Image');
  const permission = imageReadPermission(row.kind);
  const outcome = decide(permission, user, row.ownerId);
  if (outcome === ALLOW) return row;
  if (user && outcome === 404 && row.kind === 'chat' && (await inReadableConversation(row, user))) return row;
  throw refusal(permission, outcome, 'Image');
}
