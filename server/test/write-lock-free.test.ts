import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, databaseFile, openDatabase, writeLockFree } from '../db/client';
import { BOOKING_THREAD, CHECKPOINT_THREAD, SERVER_THREAD, writeLockOf } from '../db/thread-lock';

describe('writeLockFree', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-lockfree-'));
  const { sqlite, reader } = openDatabase(dataDir);
  const other = new Database(databaseFile(dataDir));

  afterAll(() => {
    other.close();
    reader.close();
    sqlite.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says whether another connection holds the write lock, and leaves the busy timeout as it was', () => {
    expect(writeLockFree(sqlite)).toBe(true);
    other.exec('BEGIN EXCLUSIVE');
    expect(writeLockFree(sqlite)).toBe(false);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    other.exec('ROLLBACK');
    expect(writeLockFree(sqlite)).toBe(true);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    expect(sqlite.inTransaction).toBe(false);
  });

  it('tries the file while the checkpoint thread or a transaction of its own not yet begun holds the lock word, and counts another writing thread as free', () => {
    const word = writeLockOf(sqlite);
    const heldBy = (holder: number, probe: () => boolean) => {
      Atomics.store(word, 0, holder);
      try {
        return probe();
      } finally {
        Atomics.store(word, 0, 0);
      }
    };
    expect(heldBy(CHECKPOINT_THREAD, () => writeLockFree(sqlite))).toBe(true);
    expect(heldBy(SERVER_THREAD, () => writeLockFree(sqlite))).toBe(true);
    other.exec('BEGIN EXCLUSIVE');
    try {
      expect(heldBy(CHECKPOINT_THREAD, () => writeLockFree(sqlite))).toBe(false);
      expect(heldBy(SERVER_THREAD, () => writeLockFree(sqlite))).toBe(false);
      expect(heldBy(BOOKING_THREAD, () => writeLockFree(sqlite))).toBe(true);
    } finally {
      other.exec('ROLLBACK');
    }
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
  });
});
