import { z } from 'zod';
import { databaseUrlFromEnv, dataDirFromEnv, parseArgs, runCli } from './cli-args';
import { PgBackupError, restorePostgres } from './pg-backup';
import { RestoreError, restoreBackup } from './restore';

const USAGE =
  'DATA_DIR=./data npm run restore <DATA_DIR/backups/<stamp> folder, or the airline.sqlite inside it>; with DATABASE_URL: npm run restore <DATA_DIR/backups/<stamp>.dump>';
const ArgsSchema = z.tuple([z.string({ error: 'Name the backup to restore' }).trim().min(1, 'Name the backup to restore')], {
  error: 'Name exactly one backup to restore',
});

/**
 * `npm run restore FILE`: verifies the backup, refuses while the server runs, restores database and images;
 * with DATABASE_URL, pg_restore of a dump into that database (stop every process first).
 */
async function main() {
  const [source] = parseArgs(ArgsSchema, process.argv.slice(2), USAGE);
  const databaseUrl = databaseUrlFromEnv(process.env);
  if (databaseUrl) {
    await restorePostgres(databaseUrl, source);
    console.log(`Restored ${source} into the PostgreSQL database (pg_restore --clean)`);
    return;
  }
  const dataDir = dataDirFromEnv(process.env);
  const result = await restoreBackup(source, dataDir);
  console.log(`Restored ${result.from} into ${dataDir}`);
  console.log(`  integrity_check: ok, ${result.bookings} bookings, ${result.images} images`);
  if (result.missingImages.length)
    console.log(`  warning: ${result.missingImages.length} image rows have no file: ${result.missingImages.slice(0, 5).join(', ')}`);
  if (result.previous) console.log(`  the data it replaced is kept in ${result.previous}`);
}

runCli(main, (error) => error instanceof RestoreError || error instanceof PgBackupError);
