import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Airport } from '../../sync/schemas/airport';
import { FlightSchema, type Flight } from '../../sync/schemas/flight';
import { bookings, flights } from '../db/schema';
import { expectError, expectErrorShape, expectInvalid } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

type Created = { flight: Flight };
type Seat = { seatNumber: string };

async function demoFlightId(server: TestServer, status: 'pending' | 'confirmed' | 'cancelled'): Promise<string> {
  const [row] = await server.ctx.db.select({ id: bookings.flightId }).from(bookings).where(eq(bookings.status, status)).limit(1);
  if (!row) throw new Error(`no ${status} demo booking`);
  return row.id;
}

describe('flights: search, one flight, taken seats', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let hnd: Airport;
  let lax: Airport;
  let tokyoNight: Flight;
  let laEvening: Flight;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    api = client(server.url);
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    hnd = (await api.get<Airport>('/api/airports?id=HND')).body;
    lax = (await api.get<Airport>('/api/airports?id=LAX')).body;
    // 23:30Z on 10 March is 08:30 on 11 March in Tokyo; 05:00Z on 12 March is 22:00 on 11 March in Los Angeles.
    tokyoNight = (
      await admin.post<Created>('/api/flights', {
        origin: hnd._id,
        destination: 'LAX',
        departureTime: '2030-03-10T23:30:00Z',
        arrivalTime: '2030-03-11T09:30:00Z',
        price: 850,
      })
    ).body.flight;
    laEvening = (
      await admin.post<Created>('/api/flights', {
        origin: 'LAX',
        destination: 'HND',
        departureTime: '2030-03-12T05:00:00.000Z',
        arrivalTime: '2030-03-12T16:45:00.000Z',
        price: 910.5,
      })
    ).body.flight;
  });
  afterAll(() => server.stop());

  it('lists the first 100 flights without filters, counting every flight, each in the shared contract shape', async () => {
    const res = await api.get<Flight[]>('/api/flights');
    expect(res.status).toBe(200);
    const [all] = await server.ctx.db.select({ n: count() }).from(flights);
    expect(res.headers.get('x-total-count')).toBe(String(all?.n));
    expect(all?.n).toBeGreaterThan(5000);
    expect(res.body).toHaveLength(100);
    for (const flight of res.body.slice(0, 50)) FlightSchema.strict().parse(flight);
  });

  it('filters by origin and destination given as ids or as IATA codes, in any case', async () => {
    const byCode = await api.get<Flight[]>('/api/flights?origin=HND&destination=LAX');
    const byId = await api.get<Flight[]>(`/api/flights?origin=${hnd._id}&destination=${lax._id}`);
    const lower = await api.get<Flight[]>('/api/flights?origin=hnd&destination=lax');
    expect(byCode.body.length).toBeGreaterThan(1);
    expect(byId.body).toEqual(byCode.body);
    expect(lower.body).toEqual(byCode.body);
    expect(byCode.body.every((f) => f.origin.code === 'HND' && f.destination.code === 'LAX')).toBe(true);
    expect(byCode.body.map((f) => f._id)).toContain(tokyoNight._id);
    const fromOnly = await api.get<Flight[]>('/api/flights?origin=LAX');
    expect(fromOnly.body.every((f) => f.origin.code === 'LAX')).toBe(true);
    expect(new Set(fromOnly.body.map((f) => f.destination.code)).size).toBeGreaterThan(1);
    const toOnly = await api.get<Flight[]>(`/api/flights?destination=${hnd._id}`);
    expect(toOnly.body.length).toBeGreaterThan(0);
    expect(toOnly.body.every((f) => f.destination.code === 'HND')).toBe(true);
    expect((await api.get<Flight[]>('/api/flights?origin=ZZZ')).body).toEqual([]);
    expect((await api.get<Flight[]>('/api/flights?destination=no-such-id')).body).toEqual([]);
    const mixed = await api.get<Flight[]>(`/api/flights?origin=hnd&destination=${lax._id}`);
    expect(mixed.body).toEqual(byCode.body);
    const reversed = await api.get<Flight[]>(`/api/flights?origin=${lax._id}&destination=HND`);
    expect(reversed.body.map((f) => f._id)).toContain(laEvening._id);
    expect(reversed.body.every((f) => f.origin.code === 'LAX' && f.destination.code === 'HND')).toBe(true);
    expect((await api.get<Flight[]>('/api/flights?origin=HND&destination=ZZZ')).body).toEqual([]);
    expect((await api.get<Flight[]>('/api/flights?origin=HND&destination=HND')).body).toEqual([]);
  });

  it('filters departureTime by the local calendar date at the origin airport, not the UTC date', async () => {
    const ids = async (query: string) => (await api.get<Flight[]>(`/api/flights?${query}`)).body.map((f) => f._id);
    expect(await ids('origin=HND&departureTime=2030-03-11')).toEqual([tokyoNight._id]);
    expect(await ids('origin=HND&departureTime=2030-03-10')).toEqual([]);
    expect(await ids('departureTime=2030-03-11T00:00:00.000Z')).toContain(tokyoNight._id);
    expect(await ids('origin=LAX&destination=HND&departureTime=2030-03-11')).toEqual([laEvening._id]);
    expect(await ids('origin=LAX&destination=HND&departureTime=2030-03-12')).toEqual([]);
    expect(tokyoNight).toMatchObject({ duration: 600, availableSeats: 24, price: 850, status: 'scheduled' });
  });

  it('rejects malformed search filters with 400', async () => {
    expectInvalid(await api.get('/api/flights?departureTime=tomorrow'), 'departureTime must start with a date (YYYY-MM-DD)');
    expectErrorShape(await api.get('/api/flights?origin=LHR&origin=JFK'), 400);
    expectErrorShape(await api.get(`/api/flights?origin=${'x'.repeat(100)}`), 400);
  });

  it('GET /flights/:id answers one flight; an unknown id is a JSON 404', async () => {
    const res = await api.get<Flight>(`/api/flights/${laEvening._id}`);
    expect(res.status).toBe(200);
    expect(FlightSchema.strict().parse(res.body)).toEqual(laEvening);
    expect(res.body).toMatchObject({ duration: 705, price: 910.5, origin: { code: 'LAX' }, destination: { code: 'HND' } });
    expectError(await api.get('/api/flights/no-such-flight'), 404, 'Flight not found');
    expectError(await api.get('/api/flights/no-such-flight/seat'), 404, 'Flight not found');
  });

  it('availableSeats is 24 minus active allocations, and /seat lists exactly the taken seats', async () => {
    const pending = await demoFlightId(server, 'pending');
    expect((await api.get<Flight>(`/api/flights/${pending}`)).body.availableSeats).toBe(23);
    expect((await api.get<Seat[]>(`/api/flights/${pending}/seat`)).body).toEqual([{ seatNumber: 'C2' }]);
    const confirmed = await demoFlightId(server, 'confirmed');
    expect((await api.get<Flight>(`/api/flights/${confirmed}`)).body.availableSeats).toBe(23);
    expect((await api.get<Seat[]>(`/api/flights/${confirmed}/seat`)).body).toEqual([{ seatNumber: 'A1' }]);
    const cancelled = await demoFlightId(server, 'cancelled');
    expect((await api.get<Flight>(`/api/flights/${cancelled}`)).body.availableSeats).toBe(24);
    expect((await api.get<Seat[]>(`/api/flights/${cancelled}/seat`)).body).toEqual([]);
    const inSearch = (
      await api.get<Flight[]>(`/api/flights?departureTime=${(await api.get<Flight>(`/api/flights/${pending}`)).body.departureTime.slice(0, 10)}`)
    ).body;
    for (const flight of inSearch) {
      const taken = (await api.get<Seat[]>(`/api/flights/${flight._id}/seat`)).body;
      expect(flight.availableSeats).toBe(24 - taken.length);
    }
  });

  it('an expired hold no longer takes a seat', async () => {
    const pending = await demoFlightId(server, 'pending');
    server.setNow(new Date(Date.now() + 2 * 86_400_000));
    try {
      expect((await api.get<Flight>(`/api/flights/${pending}`)).body.availableSeats).toBe(24);
      expect((await api.get<Seat[]>(`/api/flights/${pending}/seat`)).body).toEqual([]);
    } finally {
      server.setNow(new Date());
    }
  });
});
