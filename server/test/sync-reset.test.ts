import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../sync/client/outbox';
import { readCursor, SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import { sweep } from '../services/booking/lifecycle';
import { ADMIN, client, login, TRAVELLER } from './harness';
import { expectSameTables, fullSnapshot, lastMutationIdOf, serverVersion, SyncClient, tablesOf, type SyncServer, startSyncServer } from './sync-fixtures';

/** The server lost the client's history (wiped, cursor expired, schema bumped): the client resyncs and its outbox survives. */
describe('sync: reset', { timeout: 90_000 }, () => {
  let server: SyncServer;
  let token: string;
  const start = Date.now();
  let minutes = 0;
  /** The data is lost a little later in time, and the server comes back freshly seeded. */
  const wipe = async () => {
    minutes += 1;
    server.setNow(new Date(start + minutes * 60_000));
    await server.wipe();
  };
  const clock = { now: 100_000 };
  const url = () => server.url;
  const signIn = async () => {
    token = await login(server.url, TRAVELLER.email, TRAVELLER.password);
  };
  const device = () => new SyncClient({ url, token: () => token, now: () => clock.now });
  const profile = (fullName: string) => ({ fullName, email: TRAVELLER.email });
  const pendingBooking = (d: SyncClient) => [...d.store.tables.bookings.values()].find((b) => 'status' in b && b.status === 'pending')?._id ?? '';

  async function expectEqualsServer(d: SyncClient) {
    expectSameTables(tablesOf(d.store), await fullSnapshot(server.url, token));
  }

  beforeAll(async () => {
    server = await startSyncServer({ now: new Date(start) });
    await signIn();
  });
  afterAll(() => server.stop());

  it('server data wiped (cursor ahead): the client signs in again, resyncs, and its outbox survives, renumbered, rejections kept', async () => {
    const d = device();
    await d.mutate.cancelBooking({ bookingId: 'no-such-booking' });
    await d.mutate.updateProfile(profile('Before Wipe'));
    await d.drain(clock);
    const oldPending = pendingBooking(d);
    expect(await d.store.outbox()).toMatchObject([{ mutationId: 1, state: 'rejected', lastError: 'Booking not found' }]);

    d.link.offline = true;
    await d.mutate.updateProfile(profile('After Wipe'));
    await d.mutate.cancelBooking({ bookingId: oldPending });
    await d.engine.sync();
    await wipe();
    d.link.offline = false;
    await d.drain(clock);
    expect(d.engine.currentStatus).toBe('auth');
    await signIn();
    await d.engine.resume();
    await d.drain(clock);

    expect(d.link.pulls.some((p) => p.reset)).toBe(true);
    const rows = await d.store.outbox();
    expect(rows.map((r) => [r.name, r.args, r.state, r.lastError])).toEqual([
      ['cancelBooking', { bookingId: 'no-such-booking' }, 'rejected', 'Booking not found'],
      ['cancelBooking', { bookingId: oldPending }, 'rejected', 'Booking not found'],
    ]);
    expect(await lastMutationIdOf(server, await d.clientId())).toBe(2);
    expect(d.profileName()).toBe('After Wipe');
    expect(d.row('bookings', oldPending)).toBeUndefined();
    await expectEqualsServer(d);
  });

  it('server data wiped and since moved past the client cursor: an unknown client is reset, with or without an outbox', async () => {
    const idle = device();
    const busy = device();
    await Promise.all([idle.engine.sync(), busy.engine.sync()]);
    const before = (await idle.store.meta()).cursor;
    busy.link.offline = true;
    await busy.mutate.updateProfile(profile('Busy After Wipe'));
    await busy.engine.sync();

    await wipe();
    await signIn();
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    for (let i = 0; i < 20 && (await serverVersion(server)) <= Number(before?.split(':')[0]); i += 1) {
      await admin.put('/api/users/update', { fullName: `Admin ${i}`, email: ADMIN.email });
    }
    expect(await serverVersion(server)).toBeGreaterThan(Number(before?.split(':')[0]));

    busy.link.offline = false;
    for (const d of [idle, busy]) {
      const seen = d.link.pulls.length;
      await d.drain(clock);
      expect(d.link.pulls.slice(seen).map((p) => p.reset)).toContain(true);
      await expectEqualsServer(d);
    }
    expect(await busy.store.outbox()).toEqual([]);
    expect(busy.profileName()).toBe('Busy After Wipe');
  });

  it('another schema version gets reset and a full snapshot; the outbox is kept and then applied', async () => {
    const d = device();
    await d.engine.sync();
    d.link.offline = true;
    await d.mutate.updateProfile(profile('Schema Bumped'));
    await d.engine.sync();
    d.link.offline = false;
    const meta = await d.store.meta();
    const response = await d.link.transport().pull({ clientId: meta.clientId, cursor: meta.cursor, schemaVersion: SYNC_SCHEMA_VERSION + 1, pendingFrom: 1 });
    expect(response).toMatchObject({ reset: true, hasMore: true, changes: { airports: [] } });
    expect(response.changes.bookings).toHaveLength(4);
    await d.store.applyPull(response, settle(await d.store.outbox(), response.lastMutationId, response.results), clock.now);
    expect(await d.store.outbox()).toMatchObject([{ name: 'updateProfile', args: profile('Schema Bumped') }]);
    await d.drain(clock);
    expect(await d.store.outbox()).toEqual([]);
    expect(d.profileName()).toBe('Schema Bumped');
    await expectEqualsServer(d);
  });

  it('an app of schema 2 (before pages) gets its own rows in one answer it can read; updated, it is reset', async () => {
    const d = device();
    const clientId = await d.clientId();
    const before = await d.link.transport().pull({ clientId, cursor: null, schemaVersion: 2 });
    expect(before).toMatchObject({ reset: true, hasMore: false, changes: { airports: [] } });
    expect(before.changes.bookings).toHaveLength(4);
    expect(before.cursor).toMatch(/^\d+:\d{4}-\d{2}-\d{2}(:[0-9a-z]+)?(:v\d+)?$/);
    expect(readCursor(before.cursor)).toMatchObject({ schema: 2, page: undefined });
    const updated = await d.link.transport().pull({ clientId, cursor: before.cursor, schemaVersion: SYNC_SCHEMA_VERSION });
    expect(updated).toMatchObject({ reset: true, hasMore: true });
  });

  it('a cursor from rows of an older schema gets reset, so a device drops what it kept in the old shape', async () => {
    const d = device();
    await d.engine.sync();
    const meta = await d.store.meta();
    const current = meta.cursor ?? '';
    expect(readCursor(current).schema).toBe(SYNC_SCHEMA_VERSION);
    const incremental = await d.link.transport().pull({ clientId: meta.clientId, cursor: current, schemaVersion: SYNC_SCHEMA_VERSION });
    expect(incremental.reset).toBe(false);
    const older = current.replace(/:v\d+$/, '');
    expect(readCursor(older).schema).toBe(1);
    const response = await d.link.transport().pull({ clientId: meta.clientId, cursor: older, schemaVersion: SYNC_SCHEMA_VERSION });
    expect(response.reset).toBe(true);
    expect(response.changes.bookings).toHaveLength(4);
  });

  it('a null cursor with pending mutations: the snapshot replaces the tables, the mutations stay queued and are applied', async () => {
    const fresh = device();
    await fresh.mutate.updateProfile(profile('Fresh Device'));
    await fresh.drain(clock);
    expect(fresh.link.pulls[0]?.reset).toBe(true);
    expect(fresh.profileName()).toBe('Fresh Device');

    const forgetful = device();
    await forgetful.engine.sync();
    forgetful.link.offline = true;
    await forgetful.mutate.updateProfile(profile('Forgetful Device'));
    await forgetful.engine.sync();
    forgetful.store.forgetCursor();
    forgetful.link.offline = false;
    const before = forgetful.link.pulls.length;
    await forgetful.engine.sync();
    expect(forgetful.link.pulls[before]).toMatchObject({ reset: true });
    expect(await forgetful.store.outbox()).toMatchObject([{ name: 'updateProfile', state: 'failed' }]);
    await forgetful.drain(clock);
    expect(forgetful.profileName()).toBe('Forgetful Device');
    await expectEqualsServer(forgetful);
  });

  it('an expired cursor (older than the 30 days tombstones are kept) gets reset; the outbox is kept and applied', async () => {
    const d = device();
    await d.engine.sync();
    d.link.offline = true;
    await d.mutate.updateProfile(profile('Back After A Month'));
    await d.engine.sync();
    server.setNow(new Date(start + 31 * 86_400_000));
    await sweep(server.ctx);
    d.link.offline = false;
    const before = d.link.pulls.length;
    await d.engine.sync();
    expect(d.link.pulls[before]?.reset).toBe(true);
    expect(await d.store.outbox()).toMatchObject([{ name: 'updateProfile', state: 'failed' }]);
    await d.drain(clock);
    expect(await d.store.outbox()).toEqual([]);
    expect(d.profileName()).toBe('Back After A Month');
    await expectEqualsServer(d);
  });
});
