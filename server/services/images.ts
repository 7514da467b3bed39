import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { images } from '../db/schema';
import { AppError, notFound, unauthorized } from '../errors';
import type { UserRow } from './users';

export type ImageKind = (typeof images.$inferSelect)['kind'];
export type ImageRow = typeof images.$inferSelect;

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 1024;

export function imageDir(dataDir: string): string {
  return path.join(dataDir, 'images');
}

export function imagePath(dataDir: string, id: string): string {
  return path.join(imageDir(dataDir), `${id}.webp`);
}

export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

/** The same bytes from the same owner answer the stored image, so a retried upload is harmless. Checks the real format by its bytes, re-encodes to at most 1024 px a side at quality 90, strips metadata. */
export async function storeImage(
  ctx: AppContext,
  input: Buffer,
  kind: ImageKind,
  ownerId: string | null,
  title: string | null = null,
): Promise<ImageRow> {
  const sha256 = createHash('sha256').update(input).digest('hex');
  const same = ctx.db
    .select()
    .from(images)
    .where(and(eq(images.sha256, sha256), eq(images.kind, kind), ownerId ? eq(images.ownerId, ownerId) : isNull(images.ownerId)))
    .get();
  if (same) return same;
  let meta: { format?: string; width?: number; height?: number };
  try {
    // Reads the header only; the pixel limit is checked below so an oversized image is told apart from a non-image.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'The file is not a JPEG, PNG or WebP image');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new AppError(400, 'The file is not a JPEG, PNG or WebP image');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw new AppError(400, 'The image is larger than 40 megapixels');
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, 'The image is damaged or larger than 40 megapixels');
  }
  const id = randomBytes(16).toString('hex');
  mkdirSync(imageDir(ctx.dataDir), { recursive: true });
  await writeFile(imagePath(ctx.dataDir, id), output.data);
  return ctx.db
    .insert(images)
    .values({
      id,
      ownerId,
      kind,
      mime: 'image/webp',
      width: output.info.width,
      height: output.info.height,
      bytes: output.data.length,
      sha256,
      title,
      createdAt: ctx.now().toISOString(),
    })
    .returning()
    .get();
}

/** The image of that id, kind and owner, if there is one. */
export function ownedImage(q: Queryable, id: string, ownerId: string, kind: ImageKind): ImageRow | undefined {
  return q
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId), eq(images.kind, kind)))
    .get();
}

export function listMarketingImages(ctx: AppContext) {
  return ctx.db
    .select()
    .from(images)
    .where(eq(images.kind, 'marketing'))
    .orderBy(desc(images.createdAt))
    .all()
    .map((row) => ({ _id: row.id, imageUrl: imageUrl(row.id), title: row.title, width: row.width, height: row.height }));
}

/**
 * Marketing images are public; any other image only to its owner and admins. Further readers
 * (the other party of a conversation) are allowed by `extraReader`. Anonymous callers get 401, others 404.
 */
export function readableImage(
  ctx: AppContext,
  id: string,
  user: UserRow | undefined,
  extraReader: (image: ImageRow, user: UserRow) => boolean = () => false,
): ImageRow {
  const row = ctx.db.select().from(images).where(and(eq(images.id, id))).get();
  if (!row) throw notFound('Image');
  if (row.kind === 'marketing') return row;
  if (!user) throw unauthorized();
  if (user.role === 'admin' || user.id === row.ownerId || extraReader(row, user)) return row;
  throw notFound('Image');
}
