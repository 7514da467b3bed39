import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { databaseFile } from '../db/client';
import { takeBackup } from './backup';
import { databaseUrlFromEnv, dataDirFromEnv, parseArgs, runCli, UsageError } from './cli-args';
import { dumpPostgres, PgBackupError } from './pg-backup';
import { VerifyError } from './verify';

/**
 * `npm run backup`: a verified copy of DATA_DIR's database and images in DATA_DIR/backups/<stamp>/; with
 * DATABASE_URL, a pg_dump of the PostgreSQL database in DATA_DIR/backups/<stamp>.dump. Safe while the server runs.
 */
async function main() {
  parseArgs(
    z.array(z.string()).max(0, 'npm run backup takes no arguments (set DATA_DIR to choose the data folder)'),
    process.argv.slice(2),
    'DATA_DIR=./data npm run backup',
  );
  const dataDir = dataDirFromEnv(process.env);
  const databaseUrl = databaseUrlFromEnv(process.env);
  if (databaseUrl) {
    console.log(`Backup written to ${await dumpPostgres(databaseUrl, dataDir)} (pg_dump, custom format)`);
    return;
  }
  const file = databaseFile(dataDir);
  if (!existsSync(file)) throw new UsageError(`No database at ${file}: is DATA_DIR right?`);
  const source = new Database(file, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  try {
    const result = await takeBackup(source, dataDir);
    console.log(`Backup written to ${result.dir}`);
    console.log(`  integrity_check: ok, ${result.bookings} bookings, ${result.images} images`);
    if (result.missingImages.length)
      console.log(`  warning: ${result.missingImages.length} image rows have no file: ${result.missingImages.slice(0, 5).join(', ')}`);
    if (result.pruned.length) console.log(`  removed ${result.pruned.length} older backup(s): ${result.pruned.join(', ')}`);
  } finally {
    source.close();
  }
}

runCli(main, (error) => error instanceof VerifyError || error instanceof PgBackupError);
