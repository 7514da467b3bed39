import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../sync/client/outbox';
import { readCursor, SYNC_PAGE_ROWS, SYNC_SCHEMA_VERSION, type PullResponse } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { upcomingFlight } from './booking-fixtures';
import { ADMIN, client, login, TRAVELLER } from './harness';
import { expectSameTables, fullSnapshot, SyncClient, tablesOf, type SyncServer, startSyncServer } from './sync-fixtures';

const catalogueRows = (p: PullResponse) => p.changes.airports.length + p.changes.flights.length;

/** Pulls come in pages: the own rows first, then the catalogue (airports, the flight window) a page at a time. */
describe('sync: pages', { timeout: 90_000 }, () => {
  let server: SyncServer;
  let token: string;
  const clock = { now: 100_000 };
  const device = () => new SyncClient({ url: () => server.url, token: () => token, now: () => clock.now });

  /** One pull of the device's next page, applied as the engine applies it. */
  async function step(d: SyncClient): Promise<PullResponse> {
    const meta = await d.store.meta();
    const response = await d.link.transport().pull({ clientId: meta.clientId, cursor: meta.cursor, schemaVersion: SYNC_SCHEMA_VERSION });
    await d.store.applyPull(response, settle(await d.store.outbox(), response.lastMutationId, response.results), clock.now);
    return response;
  }

  beforeAll(async () => {
    server = await startSyncServer();
    token = await login(server.url, TRAVELLER.email, TRAVELLER.password);
  });
  afterAll(() => server.stop());

  it('a first sync: the first page holds only the own rows, then pages of at most SYNC_PAGE_ROWS catalogue rows, together a full snapshot', async () => {
    const d = device();
    const first = await step(d);
    expect(first).toMatchObject({ reset: true, hasMore: true, changes: { airports: [] } });
    expect(first.changes.bookings).toHaveLength(4);
    expect(first.changes.payments).toHaveLength(4);
    expect(first.changes.profile).toHaveLength(1);
    expect(first.changes.settings).toHaveLength(1);
    expect(first.changes.flights.length).toBeLessThanOrEqual(8);
    expect(JSON.stringify(first).length).toBeLessThan(100_000);

    const pages = [first];
    while (pages.at(-1)?.hasMore) pages.push(await step(d));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages.slice(1)) {
      expect(catalogueRows(page)).toBeLessThanOrEqual(SYNC_PAGE_ROWS);
      expect(page).toMatchObject({ reset: false, lastMutationId: first.lastMutationId, changes: { bookings: [], payments: [], profile: [] } });
      expect(readCursor(page.cursor).version).toBe(readCursor(first.cursor).version);
    }
    expect(readCursor(pages.at(-1)?.cursor ?? '').page).toBeUndefined();
    expect(d.store.tables.flights.size).toBeGreaterThan(3 * SYNC_PAGE_ROWS);
    expectSameTables(tablesOf(d.store), await fullSnapshot(server.url, token));
  });

  it('a pull whose changes fit one page is one page, and carries the catalogue changes with the own ones', async () => {
    const d = device();
    await d.engine.sync();
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const flight = await upcomingFlight(server.url, 'JFK', 'LAX', 9);
    expect((await admin.put(`/api/flights/${flight._id}`, { price: flight.price + 1 })).status).toBe(200);
    const next = await step(d);
    expect(next).toMatchObject({ reset: false, hasMore: false });
    expect(next.changes.flights.map((f) => f._id)).toEqual([flight._id]);
    expect((d.row('flights', flight._id) as Flight).price).toBe(flight.price + 1);
  });

  it('a reset replaces the catalogue page by page: the tables are never emptied, and rows the server no longer has go', async () => {
    const d = device();
    await d.engine.sync();
    const kept = [...d.store.tables.flights.values()].slice(0, 3) as Flight[];
    const middle = [...d.store.tables.flights.keys()].sort()[2 * SYNC_PAGE_ROWS] ?? '';
    const stale = { ...kept[0], _id: `${middle}-stale` } as Flight;
    d.store.tables.flights.set(stale._id, stale);
    d.store.tables.airports.set('zzz-stale', { _id: 'zzz-stale' });
    d.store.forgetCursor();

    const first = await step(d);
    expect(first).toMatchObject({ reset: true, hasMore: true });
    expect(d.store.tables.flights.size).toBeGreaterThan(3 * SYNC_PAGE_ROWS);
    for (const flight of kept) expect(d.store.tables.flights.has(flight._id)).toBe(true);
    let last = first;
    while (last.hasMore) {
      last = await step(d);
      expect(d.store.tables.flights.size).toBeGreaterThan(3 * SYNC_PAGE_ROWS);
      const covered = last.covers.find((c) => c.table === 'flights');
      if (covered && covered.after < stale._id && (covered.through === null || stale._id <= covered.through))
        expect(d.store.tables.flights.has(stale._id)).toBe(false);
    }
    expect(d.store.tables.flights.has(stale._id)).toBe(false);
    expect(d.store.tables.airports.has('zzz-stale')).toBe(false);
    expectSameTables(tablesOf(d.store), await fullSnapshot(server.url, token));
  });

  it('what changes between pages comes with the next pull, which starts at the first page version', async () => {
    const d = device();
    const first = await step(d);
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const flight = await upcomingFlight(server.url, 'LHR', 'JFK', 12);
    expect((await admin.put(`/api/flights/${flight._id}`, { price: flight.price + 3 })).status).toBe(200);
    const other = device();
    await other.mutate.updateProfile({ fullName: 'Ada Between Pages', email: TRAVELLER.email });
    await other.drain(clock);
    let last = first;
    while (last.hasMore) last = await step(d);
    expect(d.profileName()).not.toBe('Ada Between Pages');
    await d.engine.sync();
    expect(d.profileName()).toBe('Ada Between Pages');
    expect((d.row('flights', flight._id) as Flight).price).toBe(flight.price + 3);
    expectSameTables(tablesOf(d.store), await fullSnapshot(server.url, token));
  });
});
