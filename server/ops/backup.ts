import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../db/client';
import { imageDir } from '../services/images/images';
import { missingImageFiles, verifyDatabase } from './verify';

/**
 * A backup is a folder DATA_DIR/backups/<UTC stamp>/ laid out like a DATA_DIR: `airline.sqlite`
 * (a single file, rollback-journal mode) and `images/`, plus `manifest.json`. `npm run restore`
 * takes that folder back.
 */
export const KEEP_BACKUPS = 7;
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `2025-01-31T23-59-58.123Z`: an ISO instant without colons; sorts by time as text. */
export function stampFor(date: Date): string {
  return date.toISOString().replace(/:/g, '-');
}

export function stampTime(stamp: string): number {
  const [date = '', time = ''] = stamp.split('T');
  return Date.parse(`${date}T${time.replace(/-/g, ':')}`);
}

/** The backups of a DATA_DIR, oldest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && STAMP.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** Keeps the newest `keep` backups; also clears temporary folders an interrupted backup left (older than an hour). */
export function pruneBackups(dataDir: string, keep = KEEP_BACKUPS): string[] {
  const root = backupsDir(dataDir);
  for (const entry of existsSync(root) ? readdirSync(root) : []) {
    const full = path.join(root, entry);
    if (entry.startsWith('.tmp-') && Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
  }
  const all = listBackups(dataDir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) rmSync(path.join(backupsDir(dataDir), name), { recursive: true, force: true });
  return old;
}

export type BackupResult = { dir: string; stamp: string; bookings: number; images: number; missingImages: string[]; pruned: string[] };

/**
 * Writes a consistent copy of the live database with SQLite's online backup API, then the images.
 * NOTE: the database goes first: an image file is written before its row commits, so every image the
 * copy names is already on disk when the folder is copied afterwards (later uploads are harmless extras).
 * The copy is made in a hidden temporary folder and renamed into place only once it verifies, so a
 * crash never leaves a half backup that looks whole.
 */
export async function takeBackup(source: Database.Database, dataDir: string, now: Date = new Date(), keep = KEEP_BACKUPS): Promise<BackupResult> {
  const root = backupsDir(dataDir);
  mkdirSync(root, { recursive: true });
  let time = now.getTime();
  while (existsSync(path.join(root, stampFor(new Date(time))))) time += 1;
  const stamp = stampFor(new Date(time));
  const temp = path.join(root, `.tmp-${stamp}`);
  mkdirSync(temp);
  try {
    const target = databaseFile(temp);
    // After the first 100 pages, copy the rest in one step: a step that sees a change made through
    // another connection restarts the copy, and one big step leaves no gap for a change to land in.
    await source.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
    const copy = new Database(target);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const verified = verifyDatabase(target);
    if (existsSync(imageDir(dataDir))) await cp(imageDir(dataDir), imageDir(temp), { recursive: true });
    else mkdirSync(imageDir(temp));
    const missingImages = missingImageFiles(verified, temp);
    const manifest = {
      stamp,
      createdAt: new Date(time).toISOString(),
      integrity: 'ok',
      bookings: verified.bookings,
      images: verified.images.length,
      missingImages,
    };
    writeFileSync(path.join(temp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = path.join(root, stamp);
    renameSync(temp, dir);
    const pruned = pruneBackups(dataDir, keep);
    return { dir, stamp, bookings: verified.bookings, images: verified.images.length, missingImages, pruned };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}
