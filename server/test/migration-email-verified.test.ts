import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseBefore } from './migration-fixtures';

describe('migration: e-mails are confirmed by a link', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves existing travellers unconfirmed (nobody proved their address) and counts admins as confirmed', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-migrate-'));
    const old = databaseBefore(dataDir, '0003_email_case');
    const insert = old.prepare(
      "insert into users (id, full_name, email, role, created_at, updated_at, version) values (?, 'X', ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01', 1)",
    );
    insert.run('traveller', 'ada@example.com', 'user');
    insert.run('admin', 'ops@example.com', 'admin');
    insert.run('guest', 'guest:g:bo@example.com', 'guest');
    old.close();

    const { sqlite } = openDatabase(dataDir);
    try {
      const rows = sqlite.prepare('select id, email_verified_at as at from users order by id').all() as { id: string; at: string | null }[];
      expect(rows).toEqual([
        { id: 'admin', at: '2026-01-01T00:00:00.000Z' },
        { id: 'guest', at: null },
        { id: 'traveller', at: null },
      ]);
    } finally {
      sqlite.close();
    }
  });
});
