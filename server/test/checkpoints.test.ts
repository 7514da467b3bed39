import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../db/client';
import { checkpointOnAThreadOfItsOwn, SERVER_CHECKPOINT_PAGES } from '../db/checkpoints';
import { openDatabaseHandle } from '../db/open';

const silent = pino({ level: 'silent' });

async function until(test: () => boolean, withinMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!test() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return test();
}

describe('WAL checkpoints run on a thread of their own', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skyway-checkpoints-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('brings committed pages into the database file without the server’s connection', async () => {
    const dataDir = tempDir();
    const handle = await openDatabaseHandle(dataDir, undefined, silent);
    try {
      const sqlite = handle.sqlite;
      if (!sqlite) throw new Error('expected SQLite');
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SERVER_CHECKPOINT_PAGES);
      const file = databaseFile(dataDir);
      const before = statSync(file).size;
      // About 6 MB, 1,500 pages: past SQLite's default of 1,000 pages, short of the server's connection's own checkpoint.
      sqlite.exec('create table filler (body blob)');
      const insert = sqlite.prepare('insert into filler (body) values (randomblob(4000))');
      sqlite.transaction(() => {
        for (let i = 0; i < 1_500; i++) insert.run();
      })();
      expect(await until(() => statSync(file).size > before + 5_000_000)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('keeps the WAL within the server’s checkpoint under steady writes', async () => {
    const dataDir = tempDir();
    const handle = await openDatabaseHandle(dataDir, undefined, silent);
    try {
      const sqlite = handle.sqlite;
      if (!sqlite) throw new Error('expected SQLite');
      sqlite.exec('create table filler (body blob)');
      const insert = sqlite.prepare('insert into filler (body) values (randomblob(4000))');
      let largest = 0;
      // 100 commits of 60 pages: 6,000 pages written, one after another as bookings come.
      for (let i = 0; i < 100; i++) {
        sqlite.transaction(() => {
          for (let j = 0; j < 60; j++) insert.run();
        })();
        largest = Math.max(largest, statSync(`${databaseFile(dataDir)}-wal`).size);
      }
      expect(largest).toBeLessThan((SERVER_CHECKPOINT_PAGES + 200) * 4120);
    } finally {
      await handle.close();
    }
  });

  it('gives checkpoints back to the connection when the thread fails', async () => {
    const file = path.join(tempDir(), 'gone.sqlite');
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    unlinkSync(file);
    try {
      const stop = checkpointOnAThreadOfItsOwn(sqlite, silent);
      expect(await until(() => sqlite.pragma('wal_autocheckpoint', { simple: true }) === 1000)).toBe(true);
      await stop();
    } finally {
      sqlite.close();
    }
  });
});
