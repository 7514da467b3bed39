import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import type { Booking } from '../../sync/schemas/booking';
import { ADMIN, client, login, startTestServer, TRAVELLER, type TestServer } from './harness';

/** A change to a flight or an airport reaches the flights and bookings a device keeps, which embed them. */
describe('sync of rows that embed flights and airports', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let store: MemoryStore;
  let engine: SyncEngine;
  let booking: Booking;

  const stored = (id: string) => store.tables.bookings.get(id) as unknown as Booking;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const token = await login(server.url, TRAVELLER.email, TRAVELLER.password);
    store = new MemoryStore(randomUUID());
    engine = new SyncEngine({ store, transport: httpTransport(server.url, () => token) });
    await engine.sync();
    const upcoming = [...store.tables.bookings.values()]
      .map((b) => b as unknown as Booking)
      .find((b) => Date.parse(b.flightId.departureTime) > Date.now() + 86_400_000);
    if (!upcoming) throw new Error('the demo traveller has no upcoming booking');
    booking = upcoming;
  });
  afterAll(() => server.stop());

  it('an airport renamed by an admin arrives in its flights and the bookings on them at the next pull', async () => {
    const origin = booking.flightId.origin;
    expect((await admin.put('/api/airports', { id: origin._id, city: 'Renamed City' })).status).toBe(200);
    await engine.sync();
    expect(stored(booking._id).flightId.origin.city).toBe('Renamed City');
    expect(store.tables.flights.get(booking.flightId._id)).toMatchObject({ origin: { city: 'Renamed City' } });
  });

  it('a flight delayed by an admin shows as delayed in the booking at the next pull', async () => {
    expect((await admin.put(`/api/flights/${booking.flightId._id}`, { status: 'delayed' })).status).toBe(200);
    await engine.sync();
    expect(stored(booking._id).flightId.status).toBe('delayed');
  });
});
