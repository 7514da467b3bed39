import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../db/client';
import { imageDir } from '../services/images/images';
import { backupsDir, stampFor } from './backup';
import { runningServer } from './server-lock';
import { missingImageFiles, verifyDatabase, VerifyError, type Verified } from './verify';

export class RestoreError extends Error {}

/** A backup folder, or the airline.sqlite inside one; either way its images/ sit beside the database. */
export function backupFolder(source: string): string {
  const resolved = path.resolve(source);
  if (!existsSync(resolved)) throw new RestoreError(`${source} does not exist`);
  const folder = statSync(resolved).isDirectory() ? resolved : path.dirname(resolved);
  if (!statSync(resolved).isDirectory() && path.basename(resolved) !== path.basename(databaseFile(folder))) {
    throw new RestoreError(`${source}: give a backup folder (DATA_DIR/backups/<stamp>) or the airline.sqlite inside it`);
  }
  if (!existsSync(imageDir(folder))) throw new RestoreError(`${folder} has no images/ folder; a backup made by npm run backup has one`);
  return folder;
}

function verifyOrRefuse(file: string): Verified {
  try {
    return verifyDatabase(file);
  } catch (error) {
    if (error instanceof VerifyError) throw new RestoreError(`Refusing to restore: ${error.message}`);
    throw error;
  }
}

/**
 * Moves a database out of the way. Its WAL is folded in first so the moved file stands alone; when
 * that fails (the reason for a restore may be a damaged file) the WAL files move along with it.
 */
function moveDatabase(from: string, to: string): void {
  try {
    const db = new Database(from, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
  } catch {
    // Moved as it is, with its -wal and -shm below.
  }
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm', '-journal']) if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
}

export type RestoreResult = { from: string; bookings: number; images: number; missingImages: string[]; previous?: string };

/**
 * Replaces DATA_DIR's database and images with a verified backup. Refuses while a server uses the
 * folder. The current data is moved, not deleted, to DATA_DIR/backups/pre-restore-<stamp>/ (itself a
 * restorable backup folder), so a wrong restore can be undone.
 */
export async function restoreBackup(source: string, dataDir: string, now: Date = new Date()): Promise<RestoreResult> {
  const folder = backupFolder(source);
  const verified = verifyOrRefuse(databaseFile(folder));
  const live = runningServer(dataDir);
  if (live) throw new RestoreError(`Refusing to restore: the server (pid ${live.pid}, ${live.url}) is running on ${dataDir}. Stop it first.`);

  mkdirSync(dataDir, { recursive: true });
  let previous: string | undefined;
  const current = databaseFile(dataDir);
  if (existsSync(current) || existsSync(imageDir(dataDir))) {
    previous = path.join(backupsDir(dataDir), `pre-restore-${stampFor(now)}`);
    mkdirSync(previous, { recursive: true });
    if (existsSync(current)) moveDatabase(current, databaseFile(previous));
    if (existsSync(imageDir(dataDir))) renameSync(imageDir(dataDir), imageDir(previous));
    else mkdirSync(imageDir(previous));
  }

  // Copy under temporary names, then rename: a crash mid-copy leaves no half database under the real name.
  const incomingDb = `${current}.restoring`;
  const incomingImages = `${imageDir(dataDir)}.restoring`;
  rmSync(incomingDb, { force: true });
  rmSync(incomingImages, { recursive: true, force: true });
  copyFileSync(databaseFile(folder), incomingDb);
  await cp(imageDir(folder), incomingImages, { recursive: true });
  renameSync(incomingImages, imageDir(dataDir));
  renameSync(incomingDb, current);

  const restored = verifyDatabase(current);
  return { from: folder, bookings: restored.bookings, images: restored.images.length, missingImages: missingImageFiles(verified, dataDir), previous };
}
