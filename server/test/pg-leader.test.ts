import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabaseHandle, type DatabaseHandle } from '../db/open';
import { createTestDatabase } from './pg-database';

describe('PostgreSQL: the process that sweeps, and the health of the connection', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-pg-leader-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one process at a time leads; another takes over once the leader is gone', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const open = async (): Promise<DatabaseHandle> => openDatabaseHandle(dataDir, database.url, pino({ level: 'silent' }));
    const [a, b] = [await open(), await open()];
    cleanups.push(() => b.close());
    expect(await a.leads()).toBe(true);
    expect(await b.leads()).toBe(false);
    expect(await a.leads()).toBe(true);
    await a.close();
    expect(await b.leads()).toBe(true);
    expect(await b.ping()).toBe(true);
  });

  it('answers that the database does not answer once it is gone', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabaseHandle(dataDir, database.url, pino({ level: 'silent' }));
    cleanups.push(() => handle.close());
    expect(await handle.ping()).toBe(true);
    await database.drop();
    expect(await handle.ping()).toBe(false);
  });
});
