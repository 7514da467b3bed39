import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { databaseFile } from '../db/client';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');

/** A database as an older release left it: migrated up to and including the migration `upToTag`, sync version 40. */
export function databaseBefore(dataDir: string, upToTag: string): Database.Database {
  const folder = path.join(dataDir, 'old-migrations');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === upToTag);
  const entries = journal.entries.slice(0, upTo + 1);
  for (const { tag } of entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const sqlite = new Database(databaseFile(dataDir));
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  sqlite.prepare('insert into sync_state (id, version) values (1, 40)').run();
  return sqlite;
}
