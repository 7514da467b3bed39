import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/open';
import { first, immediate, only, type Db } from '../../db/client';
import { imageFiles, images } from '../../db/schema';
import { PDF_MIME } from '../../../sync/upload-rules';

type ImageRow = typeof images.$inferSelect;
/** What names an image's bytes: its id, and its mime on disk (`<id>.webp` or `<id>.pdf`). */
type ImageKey = Pick<ImageRow, 'id' | 'mime'>;

/**
 * Where uploads' bytes live: files under DATA_DIR on SQLite (one process), the `image_files` table on
 * PostgreSQL, so processes share no disk. NOTE: neither awaits file or network I/O inside a transaction.
 */
export type ImageStore = {
  /** Stores a new image's bytes and its row; answers the row. */
  save: (row: typeof images.$inferInsert, data: Buffer) => Promise<ImageRow>;
  /** The image's bytes; undefined when they are gone. */
  read: (image: ImageKey) => Promise<Buffer | undefined>;
  /** Called once these images' rows are deleted: whatever of their bytes is left goes. */
  remove: (deleted: ImageKey[]) => Promise<void>;
};

export function imageDir(dataDir: string): string {
  return path.join(dataDir, 'images');
}

/** An upload's file: `<id>.webp`, or `<id>.pdf` for a PDF receipt. */
export function imagePath(dataDir: string, id: string, mime?: string): string {
  return path.join(imageDir(dataDir), `${id}.${mime === PDF_MIME ? 'pdf' : 'webp'}`);
}

/** The file first, then the row: a failed insert leaves a file no row names, never a row without its file. */
function inFiles(db: Db, dataDir: string): ImageStore {
  return {
    save: async (row, data) => {
      await mkdir(imageDir(dataDir), { recursive: true });
      await writeFile(imagePath(dataDir, row.id, row.mime), data);
      return immediate(db, (tx) => only(tx.insert(images).values(row).returning()));
    },
    read: (image) =>
      readFile(imagePath(dataDir, image.id, image.mime)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }),
    remove: async (deleted) => {
      await Promise.all(deleted.map((image) => rm(imagePath(dataDir, image.id, image.mime), { force: true })));
    },
  };
}

/** The row and its bytes in one transaction; deleting the row deletes the bytes (on delete cascade). */
function inDatabase(db: Db): ImageStore {
  return {
    save: (row, data) =>
      immediate(db, async (tx) => {
        const stored = await only(tx.insert(images).values(row).returning());
        await tx.insert(imageFiles).values({ id: row.id, data });
        return stored;
      }),
    read: async (image) => (await first(db.select({ data: imageFiles.data }).from(imageFiles).where(eq(imageFiles.id, image.id))))?.data,
    remove: () => Promise.resolve(),
  };
}

/** Where images are kept: the database, and on SQLite the data folder beside it. */
export type ImagePlace = { db: Db; dataDir: string; database: Pick<DatabaseHandle, 'engine'> };

export function imageStore(ctx: ImagePlace): ImageStore {
  return ctx.database.engine === 'postgres' ? inDatabase(ctx.db) : inFiles(ctx.db, ctx.dataDir);
}
