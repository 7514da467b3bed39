import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import * as schema from '../db/schema';
import { imagePath } from '../services/images/images';
import { PDF_MIME } from '../../sync/upload-rules';

const migrationsJournal = path.resolve(import.meta.dirname, '../../migrations/meta/_journal.json');
const JournalSchema = z.object({ entries: z.array(z.object({ when: z.number() })) });

/** Every table of the drizzle schema, plus drizzle's own migration log. */
export function expectedTables(): string[] {
  const ours = Object.values(schema)
    .filter((value) => is(value, SQLiteTable))
    .map((table) => getTableName(table));
  return [...ours, '__drizzle_migrations'].sort();
}

export class VerifyError extends Error {}

/** `images` are the ids of every upload; `pdfs` those of them stored as PDF (their file is `<id>.pdf`). */
export type Verified = { file: string; tables: number; bookings: number; images: string[]; pdfs: string[] };

function newestKnownMigration(): number {
  const journal = JournalSchema.parse(JSON.parse(readFileSync(migrationsJournal, 'utf8')));
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Checks that a file is an intact database of this app: `PRAGMA integrity_check` answers ok, every
 * table of the schema is there, and no migration in it is newer than this code knows.
 */
export function verifyDatabase(file: string): Verified {
  if (!existsSync(file)) throw new VerifyError(`No database file at ${file}`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new VerifyError(`${file} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    let rows: { integrity_check: string }[];
    try {
      rows = z.array(z.object({ integrity_check: z.string() })).parse(db.pragma('integrity_check'));
    } catch (error) {
      throw new VerifyError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
    }
    if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') {
      throw new VerifyError(
        `integrity_check failed for ${file}: ${rows
          .map((r) => r.integrity_check)
          .slice(0, 5)
          .join('; ')}`,
      );
    }
    const present = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const missing = expectedTables().filter((t) => !present.has(t));
    if (missing.length) throw new VerifyError(`${file} is not a SkyWay database: missing tables ${missing.join(', ')}`);
    const applied = (db.prepare('select max(created_at) as newest from __drizzle_migrations').get() as { newest: number | null }).newest ?? 0;
    if (applied > newestKnownMigration())
      throw new VerifyError(`${file} was written by a newer version of the app (unknown migrations); update the code first`);
    const bookings = (db.prepare('select count(*) as n from bookings').get() as { n: number }).n;
    const uploads = db.prepare('select id, mime from images order by id').all() as { id: string; mime: string }[];
    const images = uploads.map((r) => r.id);
    const pdfs = uploads.filter((r) => r.mime === PDF_MIME).map((r) => r.id);
    return { file, tables: present.size, bookings, images, pdfs };
  } finally {
    db.close();
  }
}

/** The image rows of a verified database whose file is missing from `folder`'s images (a DATA_DIR or a backup). */
export function missingImageFiles(verified: Verified, folder: string): string[] {
  const pdfs = new Set(verified.pdfs);
  return verified.images.filter((id) => !existsSync(imagePath(folder, id, pdfs.has(id) ? PDF_MIME : undefined)));
}
