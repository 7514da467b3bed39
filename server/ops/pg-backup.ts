import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { stampFor } from './backup';

const run = promisify(execFile);

export class PgBackupError extends Error {}

/** What pg_dump or pg_restore said when it failed, without the command line (it holds the database URL). */
async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr: unknown = error instanceof Error ? Reflect.get(error, 'stderr') : undefined;
    const missing = error instanceof Error && Reflect.get(error, 'code') === 'ENOENT';
    throw new PgBackupError(
      missing
        ? `${command} was not found: install the PostgreSQL client tools (apt-get install postgresql-client)`
        : `${command} failed: ${String(stderr).trim()}`,
    );
  }
}

/**
 * On PostgreSQL the database is the whole state (images included), so a backup is one `pg_dump` in its
 * custom format, DATA_DIR/backups/<UTC time>.dump; safe while every process runs (one snapshot).
 */
export async function dumpPostgres(databaseUrl: string, dataDir: string, now = new Date()): Promise<string> {
  const dir = path.join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${stampFor(now)}.dump`);
  await tool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return file;
}

/** Replaces the database's objects with the dump's (`pg_restore --clean`); stop every process first. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new PgBackupError(`${file}: no such backup`);
  await tool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}
