import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseBefore } from './migration-fixtures';

describe('migration: stored sync rejections carry reason codes', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('turns the HTTP status kept in mutation_results.code into the generic code of that status', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-migrate-'));
    const old = databaseBefore(dataDir, '0004_email_verified');
    const insert = old.prepare(
      "insert into mutation_results (client_id, mutation_id, code, message, created_at) values ('c', ?, ?, 'm', '2026-01-01T00:00:00.000Z')",
    );
    ['400', '403', '404', '409', '429', '500'].forEach((code, i) => insert.run(i + 1, code));
    old.close();

    const { sqlite } = openDatabase(dataDir);
    try {
      const codes = sqlite.prepare('select code from mutation_results order by mutation_id').pluck().all();
      expect(codes).toEqual(['invalid_input', 'forbidden', 'not_found', 'conflict', 'rate_limited', 'internal']);
    } finally {
      sqlite.close();
    }
  });
});
