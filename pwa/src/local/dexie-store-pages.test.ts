import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SyncChangesSchema, type PullResponse, type SyncChanges } from '../../../sync/protocol';
import type { Airport } from '../../../sync/schemas/airport';
import type { Booking } from '../../../sync/schemas/booking';
import type { Flight } from '../../../sync/schemas/flight';
import { SkywayDb } from './db';
import { DexieStore } from './dexie-store';

let dbCount = 0;
const freshDb = () => new SkywayDb(`skyway-pages-${(dbCount += 1)}`);
const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
const flight = (id: string) => ({ _id: id, departureTime: later }) as Flight;
const airport = (id: string) => ({ _id: id, code: id.toUpperCase() }) as Airport;
const booking = (id: string) => ({ _id: id, bookingId: id, status: 'pending', createdAt: later, flightId: flight('f1') }) as unknown as Booking;

function page(changes: Partial<SyncChanges>, extra: Partial<PullResponse> = {}): PullResponse {
  return {
    cursor: '1:2030-01-01:a:v3',
    lastMutationId: 0,
    reset: false,
    results: [],
    deletes: {},
    covers: [],
    hasMore: true,
    keepSince: null,
    changes: { ...SyncChangesSchema.parse({}), ...changes },
    ...extra,
  };
}

const none = { confirmed: [], rejected: [] };
const ids = async (db: SkywayDb, table: 'flights' | 'airports' | 'bookings') => (await db.table(table).toCollection().primaryKeys()).sort();

describe('the Dexie store applies pages of a pull', () => {
  it('a reset empties the own tables at its first page and replaces the catalogue only in the ranges a page covers', async () => {
    const db = freshDb();
    const store = new DexieStore(db);
    await store.applyPull(
      page({ flights: ['f1', 'f3', 'f5', 'f7'].map(flight), airports: ['a', 'z'].map(airport), bookings: [booking('old')] }, { hasMore: false }),
      none,
      Date.now(),
    );

    await store.applyPull(page({ bookings: [booking('new')] }, { reset: true }), none, Date.now());
    expect(await ids(db, 'bookings')).toEqual(['new']);
    expect(await ids(db, 'flights')).toEqual(['f1', 'f3', 'f5', 'f7']);

    const airports = { table: 'airports' as const, after: '', through: null };
    await store.applyPull(
      page({ airports: [airport('a')], flights: [flight('f2'), flight('f3')] }, { covers: [airports, { table: 'flights', after: '', through: 'f3' }] }),
      none,
      Date.now(),
    );
    expect(await ids(db, 'airports')).toEqual(['a']);
    expect(await ids(db, 'flights')).toEqual(['f2', 'f3', 'f5', 'f7']);

    await store.applyPull(page({ flights: [flight('f7')] }, { covers: [{ table: 'flights', after: 'f3', through: null }], hasMore: false }), none, Date.now());
    expect(await ids(db, 'flights')).toEqual(['f2', 'f3', 'f7']);
    expect(await ids(db, 'bookings')).toEqual(['new']);
    expect((await db.meta.get('sync'))?.cursor).toBe('1:2030-01-01:a:v3');
  });

  it('writes only the outbox rows a pull settles: one that settles nothing leaves the outbox and its watchers alone', async () => {
    const db = freshDb();
    const store = new DexieStore(db);
    for (const content of ['one', 'two', 'three'])
      await store.enqueue({ name: 'sendMessage', args: { _id: content, conversationId: 'c1', content, image: null } }, 0);
    const mutated: string[] = [];
    const watch = (parts: Record<string, unknown>) => mutated.push(...Object.keys(parts).filter((key) => key.includes('/outbox/')));
    Dexie.on('storagemutated', watch);
    try {
      await store.applyPull(page({}, { hasMore: false }), none, Date.now());
      expect(mutated).toEqual([]);

      await store.applyPull(
        page({}, { hasMore: false }),
        { confirmed: [1], rejected: [{ mutationId: 3, code: 'seat_unavailable', message: 'Taken' }] },
        Date.now(),
      );
      expect(mutated.length).toBeGreaterThan(0);
    } finally {
      Dexie.on('storagemutated').unsubscribe(watch);
    }
    const rows = await db.outbox.orderBy('mutationId').toArray();
    expect(rows.map((r) => [r.mutationId, r.state, r.lastError])).toEqual([
      [2, 'queued', null],
      [3, 'rejected', 'Taken'],
    ]);
  });

  it('a pull that ends drops flights gone more than a day, but not one a booking flies out or back on', async () => {
    const db = freshDb();
    const store = new DexieStore(db);
    const at = (id: string, hoursAgo: number) => ({ _id: id, departureTime: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() }) as Flight;
    const flown = (id: string, out: Flight, back: Flight | null) => ({ ...booking(id), flightId: out, returnFlightId: back }) as unknown as Booking;
    const [out, back, gone, recent] = [at('out', 72), at('back', 48), at('gone', 30), at('recent', 12)];
    await store.applyPull(page({ flights: [out, back, gone, recent] }), none, Date.now());
    await store.applyPull(page({ bookings: [flown('b1', out, back), flown('b2', recent, null)] }, { hasMore: false }), none, Date.now());
    expect(await ids(db, 'flights')).toEqual(['back', 'out', 'recent']);

    await db.bookings.delete('b1');
    await store.applyPull(page({}, { hasMore: false }), none, Date.now());
    expect(await ids(db, 'flights')).toEqual(['recent']);
  });
});
