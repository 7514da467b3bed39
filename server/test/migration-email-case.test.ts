import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseBefore } from './migration-fixtures';

/** The release before e-mails compared without case. */
const BEFORE = '0002_contact';

type Row = { id: string; email: string; version: number };

describe('migration: e-mails compare without case', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every row: lower-cases addresses, and of rows differing only in case the one that can log in keeps it', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-migrate-'));
    const old = databaseBefore(dataDir, BEFORE);
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
      expect(() => sqlite.prepare("update users set email = 'FAY@example.com' where id = 'eve'").run()).toThrow(
        /UNIQUE constraint failed: index 'users_email_lower_unique'/,
      );
    } finally {
      sqlite.close();
    }
  });
});
