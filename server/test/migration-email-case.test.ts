import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase } from '../db/client';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
const BEFORE = '0002_contact';

type Row = { id: string; email: string; version: number };

/** A database as the release before e-mails compared without case left it: migrated up to BEFORE. */
function oldDatabase(dataDir: string): Database.Database {
  const folder = path.join(dataDir, 'old-migrations');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === BEFORE);
  const entries = journal.entries.slice(0, upTo + 1);
  for (const { tag } of entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const sqlite = new Database(databaseFile(dataDir));
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  sqlite.prepare('insert into sync_state (id, version) values (1, 40)').run();
  return sqlite;
}

describe('migration: e-mails compare without case', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every row: lower-cases addresses, and of rows differing only in case the one that can log in keeps it', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-migrate-'));
    const old = oldDatabase(dataDir);
    const insert = old.prepare("insert into users (id, full_name, email, created_at, updated_at, version) values (?, 'X', ?, ?, '2026-01-01', 1)");
    // Casey changed their address to mixed case through sync (locked out), then someone registered the lower-case one.
    insert.run('casey-owner', 'Casey@Example.com', '2026-01-01');
    insert.run('casey-copy', 'casey@example.com', '2026-02-01');
    // Two mixed-case rows and no lower-case one: the earliest keeps the address.
    insert.run('dana-first', 'Dana@Example.com', '2026-01-01');
    insert.run('dana-second', 'DANA@example.com', '2026-03-01');
    insert.run('eve', 'Eve@Example.com', '2026-01-01');
    insert.run('fay', 'fay@example.com', '2026-01-01');
    old.close();

    const { sqlite } = openDatabase(dataDir);
    try {
      const rows = new Map((sqlite.prepare('select id, email, version from users').all() as Row[]).map((r) => [r.id, r]));
      expect(Object.fromEntries([...rows].map(([id, r]) => [id, r.email]))).toEqual({
        'casey-owner': 'conflict:casey-owner:casey@example.com',
        'casey-copy': 'casey@example.com',
        'dana-first': 'dana@example.com',
        'dana-second': 'conflict:dana-second:dana@example.com',
        eve: 'eve@example.com',
        fay: 'fay@example.com',
      });
      // Changed rows carry a new sync version, so devices pull the new address; untouched rows keep theirs.
      expect(rows.get('eve')?.version).toBe(41);
      expect(rows.get('casey-owner')?.version).toBe(41);
      expect(rows.get('fay')?.version).toBe(1);
      expect(() => sqlite.prepare("update users set email = 'FAY@example.com' where id = 'eve'").run()).toThrow(/UNIQUE constraint failed: index 'users_email_lower_unique'/);
    } finally {
      sqlite.close();
    }
  });
});
