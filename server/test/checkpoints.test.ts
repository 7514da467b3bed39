import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../db/client';
import { checkpointOnAThreadOfItsOwn, SERVER_CHECKPOINT_PAGES } from '../db/checkpoints';
import { openDatabaseHandle } from '../db/open';
import { takeWriteLock } from '../db/thread-lock';

const silent = pino({ level: 'silent' });

describe('WAL checkpoints run on a thread of their own', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skyway-checkpoints-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  type Filled = { sqlite: Database.Database; file: string; commit: (pages: number) => void };

  /** The server's database in a fresh folder, with `commit` writing about `pages` pages in one transaction; closed after `work`. */
  async function withServerDatabase(work: (db: Filled) => Promise<void> | void): Promise<void> {
    const dataDir = tempDir();
    const handle = await openDatabaseHandle(dataDir, undefined, silent);
    try {
      const sqlite = handle.sqlite;
      if (!sqlite) throw new Error('expected SQLite');
      sqlite.exec('create table filler (body blob)');
      const insert = sqlite.prepare('insert into filler (body) values (randomblob(4000))');
      const commit = sqlite.transaction((pages: number) => {
        for (let i = 0; i < pages; i++) insert.run();
      });
      await work({ sqlite, file: databaseFile(dataDir), commit });
    } finally {
      await handle.close();
    }
  }

  it('brings committed pages into the database file without the server’s connection', async () => {
    await withServerDatabase(async ({ sqlite, file, commit }) => {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SERVER_CHECKPOINT_PAGES);
      const before = statSync(file).size;
      // About 6 MB, 1,500 pages: past SQLite's default of 1,000 pages, short of the server's connection's own checkpoint.
      commit(1_500);
      await expect.poll(() => statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 5_000_000);
    });
  });

  it('keeps the WAL within the server’s checkpoint under steady writes', async () => {
    await withServerDatabase(({ file, commit }) => {
      let largest = 0;
      // 100 commits of 60 pages: 6,000 pages written, one after another as bookings come.
      for (let i = 0; i < 100; i++) {
        commit(60);
        largest = Math.max(largest, statSync(`${file}-wal`).size);
      }
      expect(largest).toBeLessThan((SERVER_CHECKPOINT_PAGES + 200) * 4120);
    });
  });

  it('lets the WAL start over under back-to-back writes: each checkpoint runs between two writes of the process', async () => {
    await withServerDatabase(async ({ sqlite, file, commit }) => {
      let largest = 0;
      const until = Date.now() + 1_500;
      // A commit of 20 pages (a booking's) every millisecond or so, each holding the lock word the writers share.
      while (Date.now() < until) {
        const release = await takeWriteLock(sqlite);
        commit(20);
        release();
        largest = Math.max(largest, statSync(`${file}-wal`).size);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      // NOTE: a checkpoint that ran while a commit landed leaves the WAL to grow until the server's connection checkpoints in a commit (4,019 to 4,104 pages here then; about 2,100 now).
      expect(largest).toBeLessThan(SERVER_CHECKPOINT_PAGES * 0.75 * 4120);
    });
  });

  it('gives checkpoints back to the connection when the thread fails', async () => {
    const file = path.join(tempDir(), 'gone.sqlite');
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    unlinkSync(file);
    try {
      const stop = checkpointOnAThreadOfItsOwn(sqlite, silent);
      await expect.poll(() => sqlite.pragma('wal_autocheckpoint', { simple: true }), { timeout: 5_000 }).toBe(1000);
      await stop();
    } finally {
      sqlite.close();
    }
  });
});
