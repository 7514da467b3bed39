import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { actors, book, upcomingFlight } from './booking-fixtures';
import { client, login, startTestServer, type TestServer } from './harness';
import { createTestDatabase } from './pg-database';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const SECRET = 'pg-backup-test-secret-of-thirty-two-characters';

describe('npm run backup and restore on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('dumps the database with pg_dump and restores it with pg_restore: what came after the backup is gone', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const start = () => startTestServer({ seed: 'demo', env: { DATABASE_URL: database.url, JWT_SECRET: SECRET } });
    let server: TestServer = await start();
    const who = await actors(server, 'pg-backup');
    const flight = await upcomingFlight(server.url);
    const kept = await book(who.owner, flight, ['A1']);
    expect(existsSync(path.join(server.dataDir, 'airline.sqlite')), 'no SQLite file on PostgreSQL').toBe(false);
    const backups = mkdtempSync(path.join(tmpdir(), 'skyway-pg-backup-'));
    cleanups.push(() => Promise.resolve(rmSync(backups, { recursive: true, force: true })));
    const env = { ...process.env, DATA_DIR: backups, DATABASE_URL: database.url, JWT_SECRET: SECRET };
    const backup = await run(TSX, ['server/ops/backup-cli.ts'], { cwd: ROOT, env });
    const file = /Backup written to (\S+\.dump)/.exec(backup.stdout)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);
    const later = await book(who.owner, flight, ['A2']);
    await server.stop();

    const restored = await run(TSX, ['server/ops/restore-cli.ts', file], { cwd: ROOT, env });
    expect(restored.stdout).toContain('Restored');
    server = await start();
    cleanups.push(() => server.stop());
    const owner = client(server.url, await login(server.url, who.ownerEmail, 'Secret-pass-1'));
    const mine = await owner.get<{ _id: string }[]>('/api/bookings/user');
    const ids = mine.body.map((b) => b._id);
    expect(ids).toContain(kept.booking._id);
    expect(ids).not.toContain(later.booking._id);
  });

  it('says which backup it needs and fails without a stack trace on a missing file', async () => {
    const env = { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none', JWT_SECRET: SECRET };
    const failure = await run(TSX, ['server/ops/restore-cli.ts', '/nowhere/x.dump'], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failure && failure.code).toBe(1);
    expect('stderr' in failure && failure.stderr.trim()).toBe('/nowhere/x.dump: no such backup');
  });
});
