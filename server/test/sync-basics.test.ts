import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import { FLIGHT_WINDOW_DAYS } from '../../sync/constants';
import { mutatorsOf } from './device-queue';
import { login, startTestServer, TRAVELLER, type TestServer } from './harness';

describe('sync basics', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    token = await login(server.url, TRAVELLER.email, TRAVELLER.password);
  });
  afterAll(() => server.stop());

  function client() {
    const store = new MemoryStore(randomUUID());
    const engine = new SyncEngine({ store, transport: httpTransport(server.url, () => token) });
    return { store, engine, mutate: mutatorsOf({ store, engine }) };
  }

  it('a first pull brings the airports, the flight window and only the traveller own rows', async () => {
    const { store, engine } = client();
    await engine.sync();
    expect(store.tables.airports.size).toBeGreaterThanOrEqual(60);
    expect(store.tables.flights.size).toBeGreaterThan(100 * FLIGHT_WINDOW_DAYS);
    expect(store.tables.bookings.size).toBe(4);
    expect(store.tables.payments.size).toBe(4);
    expect(store.tables.profile.size).toBe(1);
    expect(store.tables.settings.get('settings')).not.toHaveProperty('mail');
  });

  it('a mutation is applied, confirmed and leaves the outbox; the change arrives by pull', async () => {
    const { store, engine, mutate } = client();
    await engine.sync();
    await mutate.updateProfile({ fullName: 'Ada O. Okafor', email: TRAVELLER.email, phone: '+44 7700 900999' });
    await engine.sync();
    expect(await store.outbox()).toEqual([]);
    expect(store.tables.profile.values().next().value).toMatchObject({ fullName: 'Ada O. Okafor', mobile: '+44 7700 900999' });
  });

  it('a rejected mutation shows the server reason and does not block the next one', async () => {
    const { store, engine, mutate } = client();
    await mutate.cancelBooking({ bookingId: 'no-such-booking' });
    await mutate.updateProfile({ fullName: 'Ada Okafor', email: TRAVELLER.email });
    await engine.sync();
    const rows = await store.outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'rejected', lastError: 'Booking not found' });
    expect(store.tables.profile.values().next().value).toMatchObject({ fullName: 'Ada Okafor' });
  });
});
