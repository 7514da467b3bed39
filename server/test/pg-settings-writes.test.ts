import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immediate, type Db, type Tx } from '../db/client';
import { openDatabaseHandle, type DatabaseHandle } from '../db/open';
import { settings } from '../db/schema';
import { writingSettings } from '../db/settings-writes';
import { nextVersion } from '../db/version';
import { DEFAULT_SETTINGS, readSettings, readSettingsToWrite } from '../services/back-office/settings';
import { createTestDatabase } from './pg-database';
import { messagesDuring } from './pg-messages';

/** Writes the settings with `penalty` as their cancellation penalty, in `tx`. */
async function writePenalty(tx: Tx, penalty: number): Promise<void> {
  const values = { data: { ...DEFAULT_SETTINGS, cancellationPenaltyPercent: penalty }, updatedAt: new Date().toISOString(), version: await nextVersion(tx) };
  await tx
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
}

const penaltyOf = async (db: Db) => (await readSettings(db)).cancellationPenaltyPercent;

/** Whether a read of the settings on `db` sends no statement: they are kept in memory. */
async function kept(db: Db): Promise<boolean> {
  return (await messagesDuring(() => readSettings(db))).length === 0;
}

/** `check` until it holds, every 20 ms for 5 s at most; the last answer either way. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Two processes' pools on one database: a settings write through one reaches the other's memory by notification (db/settings-writes.ts). */
describe('settings kept in memory while their writes are heard (PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-pg-settings-'));
  let url = '';
  let drop: () => Promise<void> = () => Promise.resolve();
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    const open = () => openDatabaseHandle(dataDir, url, pino({ level: 'silent' }));
    [a, b] = [await open(), await open()];
    await immediate(a.db, (tx) => writePenalty(tx, 10));
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('A reads them once, then from memory until B writes them; then A reads B’s write', async () => {
    expect(await penaltyOf(a.db)).toBe(10);
    expect(await eventually(() => kept(a.db))).toBe(true);
    await immediate(b.db, (tx) => writePenalty(tx, 25));
    expect(await eventually(async () => (await penaltyOf(a.db)) === 25)).toBe(true);
    expect(await eventually(() => kept(a.db))).toBe(true);
  });

  it('while a transaction of A writes them, A keeps nothing; once it has ended, A reads its own write at once', async () => {
    expect(await eventually(() => kept(a.db))).toBe(true);
    await immediate(a.db, async (tx) => {
      await writePenalty(tx, 30);
      writingSettings(tx);
      expect(await kept(a.db)).toBe(false);
      expect(await penaltyOf(a.db)).toBe(25);
    });
    expect(await penaltyOf(a.db)).toBe(30);
  });

  it('a write no process hears stays unseen by readSettings, but a transaction that writes them reads it (readSettingsToWrite)', async () => {
    // Notifications arrive in commit order: once A has heard B's write, it has heard its own before it.
    await immediate(b.db, (tx) => writePenalty(tx, 35));
    expect(await eventually(async () => (await penaltyOf(a.db)) === 35 && (await kept(a.db)))).toBe(true);
    const outside = new pg.Client({ connectionString: url });
    await outside.connect();
    const data = JSON.stringify({ ...DEFAULT_SETTINGS, cancellationPenaltyPercent: 40 });
    await outside.query(`begin; set local session_replication_role = replica; update settings set data = '${data}', version = version + 1; commit`);
    await outside.end();
    expect(await penaltyOf(a.db)).toBe(35);
    const read = await immediate(a.db, async (tx) => [
      (await readSettings(tx)).cancellationPenaltyPercent,
      (await readSettingsToWrite(tx)).cancellationPenaltyPercent,
    ]);
    expect(read).toEqual([35, 40]);
    await immediate(b.db, (tx) => writePenalty(tx, 45));
    expect(await eventually(async () => (await penaltyOf(a.db)) === 45)).toBe(true);
  });
});
