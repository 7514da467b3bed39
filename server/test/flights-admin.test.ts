import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Airport } from '../../sync/schemas/airport';
import type { Flight } from '../../sync/schemas/flight';
import { expectError, expectInvalid, HUGE, readDb, snapshot } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';

type Saved = { message: string; flight: Flight };
const BODY = { origin: 'LHR', destination: 'CDG', departureTime: '2031-05-01T08:00:00Z', arrivalTime: '2031-05-01T09:15:00Z', price: 129.99 };

describe('flights: create, update, delete', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let user: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    user = client(server.url, (await makeAccount(server, { email: 'plain@example.test', fullName: 'Test User', confirmed: false })).token);
  });
  afterAll(() => server.stop());

  it('anonymous callers get 401 and ordinary users 403 on every write, and nothing is written', async () => {
    const id = (await client(server.url).get<Flight[]>('/api/flights?origin=LHR&destination=JFK')).body[0]?._id;
    const before = snapshot(server);
    for (const [api, status, message] of [
      [client(server.url), 401, 'Please sign in to continue'],
      [user, 403, 'You are not allowed to do this'],
    ] as const) {
      expectError(await api.post('/api/flights', BODY), status, message);
      expectError(await api.put(`/api/flights/${id}`, { price: 1 }), status, message);
      expectError(await api.delete(`/api/flights/${id}`), status, message);
    }
    expect(snapshot(server)).toEqual(before);
  });

  it('an admin creates a flight from airport ids or codes; the server derives number, duration and seats', async () => {
    const cdg = (await client(server.url).get<Airport>('/api/airports?id=CDG')).body;
    const res = await admin.post<Saved>('/api/flights', { ...BODY, destination: cdg._id, departureTime: '2031-05-01T10:00:00+02:00' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Flight created successfully');
    expect(res.body.flight).toMatchObject({
      origin: { code: 'LHR' },
      destination: { code: 'CDG' },
      departureTime: '2031-05-01T08:00:00.000Z',
      duration: 75,
      availableSeats: 24,
      status: 'scheduled',
      price: 129.99,
    });
    expect(res.body.flight.flightNumber).toMatch(/^SW\d{4}$/);
    expect((await client(server.url).get<Flight>(`/api/flights/${res.body.flight._id}`)).body).toEqual(res.body.flight);
  });

  it('validates flights with the spec texts and writes nothing', async () => {
    const before = snapshot(server);
    const post = (patch: Record<string, unknown>) => admin.post('/api/flights', { ...BODY, ...patch });
    for (const origin of [undefined, '', '   ', 7]) expectInvalid(await post({ origin }), 'Origin is required');
    for (const destination of [undefined, '', null]) expectInvalid(await post({ destination }), 'Destination is required');
    for (const departureTime of [undefined, '']) expectInvalid(await post({ departureTime }), 'Departure time is required');
    for (const arrivalTime of [undefined, '']) expectInvalid(await post({ arrivalTime }), 'Arrival time is required');
    for (const price of [0, -5, '100', undefined, null]) expectInvalid(await post({ price }), 'Price must be greater than 0');
    expectInvalid(await post({ price: 12.345 }), 'Price can have at most 2 decimals');
    expectInvalid(await post({ departureTime: 'next tuesday' }), 'Must be an ISO date-time');
    expectInvalid(await post({ origin: HUGE }), 'Must be at most 64 characters');
    const all = expectInvalid(await admin.post('/api/flights', {}), 'Origin is required');
    for (const text of ['Destination is required', 'Departure time is required', 'Arrival time is required', 'Price must be greater than 0']) {
      expect(all.message).toContain(text);
      expect(all.errors?.map((e) => e.msg)).toContain(text);
    }
    expect((await admin.post('/api/flights', [BODY])).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
  });

  it('refuses origin equal to destination and arrival not after departure', async () => {
    const before = snapshot(server);
    const lhr = (await client(server.url).get<Airport>('/api/airports?id=LHR')).body;
    expectInvalid(await admin.post('/api/flights', { ...BODY, destination: 'LHR' }), 'Origin and destination cannot be the same');
    expectInvalid(await admin.post('/api/flights', { ...BODY, destination: lhr._id }), 'Origin and destination cannot be the same');
    expectInvalid(await admin.post('/api/flights', { ...BODY, arrivalTime: '2031-05-01T07:00:00Z' }), 'Arrival must be after departure');
    expectInvalid(await admin.post('/api/flights', { ...BODY, arrivalTime: BODY.departureTime }), 'Arrival must be after departure');
    expectError(await admin.post('/api/flights', { ...BODY, origin: 'ZZZ' }), 404, 'Airport not found');
    expect(snapshot(server)).toEqual(before);
  });

  it('keeps a flight number unique per local departure day (409)', async () => {
    const first = await admin.post<Saved>('/api/flights', { ...BODY, flightNumber: 'SW77' });
    expect(first.status).toBe(201);
    const before = snapshot(server);
    expectError(
      await admin.post('/api/flights', { ...BODY, flightNumber: 'SW77', departureTime: '2031-05-01T20:00:00Z', arrivalTime: '2031-05-01T21:00:00Z' }),
      409,
      'Flight SW77 already flies on 2031-05-01',
    );
    expect(snapshot(server)).toEqual(before);
  });

  it('an admin updates price, status and schedule; invalid edits write nothing', async () => {
    const { flight } = (await admin.post<Saved>('/api/flights', { ...BODY, departureTime: '2031-06-01T08:00:00Z', arrivalTime: '2031-06-01T09:00:00Z' })).body;
    const res = await admin.put<Saved>(`/api/flights/${flight._id}`, { price: 99.5, status: 'delayed', arrivalTime: '2031-06-01T09:30:00Z' });
    expect(res.status).toBe(200);
    expect(res.body.flight).toMatchObject({ price: 99.5, status: 'delayed', duration: 90, flightNumber: flight.flightNumber });
    expect((await client(server.url).get<Flight>(`/api/flights/${flight._id}`)).body).toEqual(res.body.flight);
    const before = snapshot(server);
    expectInvalid(await admin.put(`/api/flights/${flight._id}`, { arrivalTime: '2031-06-01T07:00:00Z' }), 'Arrival must be after departure');
    expectInvalid(await admin.put(`/api/flights/${flight._id}`, { destination: 'LHR' }), 'Origin and destination cannot be the same');
    expectInvalid(await admin.put(`/api/flights/${flight._id}`, { price: 0 }), 'Price must be greater than 0');
    expectInvalid(await admin.put(`/api/flights/${flight._id}`, { origin: '' }), 'Origin is required');
    expectInvalid(
      await admin.put(`/api/flights/${flight._id}`, { status: 'teleported' }),
      'Invalid option: expected one of "scheduled"|"delayed"|"cancelled"|"departed"',
    );
    expect((await admin.put(`/api/flights/${flight._id}`, [{ price: 5 }])).status).toBe(400);
    expectError(await admin.put('/api/flights/no-such-flight', { price: 5 }), 404, 'Flight not found');
    expect(snapshot(server)).toEqual(before);
    expect((await client(server.url).get<Flight>(`/api/flights/${flight._id}`)).body).toEqual(res.body.flight);
  });

  it('refuses to delete a flight with bookings (409), deletes one without', async () => {
    const booked = readDb(server, (db) => db.prepare('select distinct flight_id as id from bookings').all() as { id: string }[]);
    expect(booked).toHaveLength(4);
    const before = snapshot(server);
    for (const { id } of booked) expectError(await admin.delete(`/api/flights/${id}`), 409, 'This flight has bookings and cannot be deleted');
    expect(snapshot(server)).toEqual(before);
    const { flight } = (await admin.post<Saved>('/api/flights', { ...BODY, departureTime: '2031-07-01T08:00:00Z', arrivalTime: '2031-07-01T09:00:00Z' })).body;
    const res = await admin.delete<{ message: string }>(`/api/flights/${flight._id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Flight deleted successfully');
    expectError(await client(server.url).get(`/api/flights/${flight._id}`), 404, 'Flight not found');
    expectError(await admin.delete(`/api/flights/${flight._id}`), 404, 'Flight not found');
  });
});
