import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../sync/client/http-transport';
import { databaseFile } from '../db/client';
import { member, SyncClient, startSyncServer, type Member, type SyncServer } from './sync-fixtures';

/** A device's outbox when the server refuses changes for a while: it keeps them and retries when told. */
describe('sync: the server cannot take changes now (503 with Retry-After)', { timeout: 60_000 }, () => {
  let server: SyncServer;
  let owner: Member;
  const clock = { now: 10_000 };

  beforeAll(async () => {
    server = await startSyncServer();
    owner = await member(server.url, 'locked-out');
  });
  afterAll(() => server.stop());

  it('keeps the change, says the server refuses it, and sends it at the time the server gave', async () => {
    const device = new SyncClient({ url: () => server.url, token: () => owner.token, now: () => clock.now });
    await device.engine.sync();
    // Another process's connection holds the write lock: the server answers 503 with Retry-After.
    const other = new Database(databaseFile(server.dataDir));
    other.exec('BEGIN EXCLUSIVE');
    try {
      await device.mutate.updateProfile({ fullName: 'Kept On Device', email: owner.email });
      // The cycle the change started, and one more (a poke, a timer) while the queue waits.
      await device.engine.sync();
      await device.engine.sync();
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect(device.engine.currentStatus).toBe('refused');
    const [row] = await device.store.outbox();
    expect(row).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/cannot take new changes right now/) as string });
    expect(await device.engine.nextRetryAt()).toBe(clock.now + 2_000);

    const pushes = device.link.pushes.length;
    clock.now += 1_999;
    await device.engine.sync();
    expect(device.link.pushes.length).toBe(pushes);
    expect(device.engine.currentStatus).toBe('refused');
    clock.now += 1;
    await device.engine.sync();
    expect(device.engine.currentStatus).toBe('idle');
    expect(await device.store.outbox()).toEqual([]);
    expect(device.profileName()).toBe('Kept On Device');
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(70_000).toUTCString(), 10_000)).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
