import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { localDate } from '../../sync/time';
import { actors, book, flightAt, type Actors } from './booking-fixtures';
import { expectCode, expectInvalid, snapshot } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;
type Saved = { message: string; flight: Flight; warning?: string };

describe('flights an admin can run: schedule rules and the list', () => {
  let server: TestServer;
  let who: Actors;
  const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();
  const body = (departureHours: number, hoursLong: number) => ({
    origin: 'LHR',
    destination: 'JFK',
    departureTime: at(departureHours),
    arrivalTime: at(departureHours + hoursLong),
    price: 300,
  });

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'schedule');
  });
  afterAll(() => server.stop());

  it('refuses a new flight leaving in the past, with the error on the departure time, and writes nothing', async () => {
    const before = snapshot(server);
    for (const hours of [-24 * 365, -1, 0]) {
      const error = expectInvalid(await who.admin.post('/api/flights', body(hours, 7)), 'Departure must be in the future');
      expect(error.code).toBe('invalid_input');
      expect(error.errors).toEqual([{ msg: 'Departure must be in the future', path: 'departureTime' }]);
    }
    expect(snapshot(server)).toEqual(before);
    expect((await who.admin.post('/api/flights', body(1, 7))).status).toBe(201);
  });

  it('takes a flight of exactly 20 hours and refuses a longer one on the arrival time', async () => {
    expect((await who.admin.post('/api/flights', body(48, 20))).status).toBe(201);
    const before = snapshot(server);
    const error = expectInvalid(await who.admin.post('/api/flights', body(48, 20.25)), 'A flight lasts at most 20 hours');
    expect(error.errors).toEqual([{ msg: 'A flight lasts at most 20 hours', path: 'arrivalTime' }]);
    const both = expectInvalid(await who.admin.post('/api/flights', body(-2, 24 * 100)), 'A flight lasts at most 20 hours');
    expect(both.errors?.map((e) => e.path)).toEqual(['departureTime', 'arrivalTime']);
    expect(snapshot(server)).toEqual(before);
  });

  it('refuses an edit that moves a departure into the past or stretches a flight past 20 hours', async () => {
    const { flight } = (await who.admin.post<Saved>('/api/flights', body(72, 8))).body;
    const before = snapshot(server);
    expectCode(await who.admin.put(`/api/flights/${flight._id}`, { departureTime: at(-3), arrivalTime: at(5) }), 400, 'invalid_input');
    expectInvalid(await who.admin.put(`/api/flights/${flight._id}`, { arrivalTime: at(72 + 21) }), 'A flight lasts at most 20 hours');
    expect(snapshot(server)).toEqual(before);
  });

  it('lets a flight that has left change status and price with its own times unchanged', async () => {
    const flown = await flightAt(server, 'LHR', 'CDG', new Date(NOW.getTime() - 5 * HOUR), 75);
    const res = await who.admin.put<Saved>(`/api/flights/${flown._id}`, {
      departureTime: flown.departureTime,
      arrivalTime: flown.arrivalTime,
      status: 'departed',
      price: 99,
    });
    expect(res.status).toBe(200);
    expect(res.body.flight).toMatchObject({ status: 'departed', price: 99 });
    expect(res.body.warning).toBeUndefined();
  });

  it('warns, without refusing, when the times of a flight with seats sold or held change', async () => {
    const flight = await flightAt(server, 'LOS', 'LHR', new Date(NOW.getTime() + 30 * HOUR), 400);
    await book(who.owner, flight, ['A1', 'A2']);
    const moved = await who.admin.put<Saved>(`/api/flights/${flight._id}`, { departureTime: at(31), arrivalTime: at(38) });
    expect(moved.status).toBe(200);
    expect(moved.body.flight.departureTime).toBe(at(31));
    expect(moved.body.warning).toBe('2 of 24 seats on this flight are sold or held: its travellers are not mailed about the new times');
    const priced = await who.admin.put<Saved>(`/api/flights/${flight._id}`, { price: 450 });
    expect(priced.body.warning).toBeUndefined();
    const empty = (await who.admin.post<Saved>('/api/flights', body(90, 7))).body.flight;
    expect((await who.admin.put<Saved>(`/api/flights/${empty._id}`, { arrivalTime: at(98) })).body.warning).toBeUndefined();
  });

  it('lists from a date, between dates, by status, route and flight number, in pages of at most 100', async () => {
    const today = localDate(NOW.toISOString(), 'UTC');
    const list = async (query: string) => {
      const res = await who.admin.get<Flight[]>(`/api/flights?${query}`);
      expect(res.status, query).toBe(200);
      return { items: res.body, total: Number(res.headers.get('x-total-count')) };
    };
    const everything = await list('limit=100');
    const upcoming = await list(`from=${today}&limit=100`);
    expect(upcoming.total).toBeLessThan(everything.total);
    expect((everything.items[0]?.departureTime ?? today).slice(0, 10) < today).toBe(true);
    expect(upcoming.items.every((f) => f.departureTime >= at(-48))).toBe(true);

    const tomorrow = localDate(at(24), 'UTC');
    const window = await list(`origin=LOS&destination=LHR&from=${tomorrow}&to=${tomorrow}&limit=100`);
    expect(window.total).toBeGreaterThan(0);
    expect(
      window.items.every((f) => f.origin.code === 'LOS' && f.destination.code === 'LHR' && localDate(f.departureTime, f.origin.timeZone) === tomorrow),
    ).toBe(true);

    const cancelled = await flightAt(server, 'LHR', 'CDG', new Date(NOW.getTime() + 50 * HOUR), 75);
    expect((await who.admin.put(`/api/flights/${cancelled._id}`, { status: 'cancelled' })).status).toBe(200);
    const byStatus = await list(`status=cancelled&from=${today}`);
    expect(byStatus.items.map((f) => f._id)).toContain(cancelled._id);
    expect(byStatus.items.every((f) => f.status === 'cancelled')).toBe(true);

    const byNumber = await list(`search=${cancelled.flightNumber.toLowerCase()}&from=${today}`);
    expect(byNumber.items.map((f) => f.flightNumber)).toContain(cancelled.flightNumber);

    expectInvalid(await who.admin.get('/api/flights?from=tomorrow'), 'from must be a date (YYYY-MM-DD)');
    expectInvalid(await who.admin.get('/api/flights?to=2026-1-1'), 'to must be a date (YYYY-MM-DD)');
    expectInvalid(await who.admin.get('/api/flights?status=boarding'), 'status must be one of scheduled, delayed, cancelled, departed');
    expectInvalid(await who.admin.get('/api/flights?from=2026-01-01&limit=101'), 'limit must be 1 to 100');
  });
});
