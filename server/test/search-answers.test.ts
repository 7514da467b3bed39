import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { ANSWER_TTL_MS, sourceStamp } from '../services/catalogue/search-answers';
import { searchScope } from '../services/catalogue/flights';
import { actors, book, upcomingFlight, type Actors } from './booking-fixtures';
import { client, startTestServer, type TestServer } from './harness';

describe('GET /api/flights answers from memory per search and what it was read from', () => {
  let server: TestServer;
  let people: Actors;
  let flight: Flight;
  let search: string;

  /** A conditional GET as a browser's cache sends it (fetch would add Cache-Control: no-cache to it). */
  function revalidate(etag: string): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      get(`${server.url}${search}`, { headers: { 'if-none-match': etag } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      }).on('error', reject);
    });
  }

  async function seatsLeft(): Promise<number | undefined> {
    return (await client(server.url).get<Flight[]>(search)).body.find((f) => f._id === flight._id)?.availableSeats;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    people = await actors(server, 'search-answers');
    flight = await upcomingFlight(server.url, 'ACC', 'LOS', 9);
    search = `/api/flights?origin=ACC&destination=LOS&departureTime=${flight.departureTime.slice(0, 10)}`;
  });
  afterAll(() => server.stop());

  it('sends an ETag and answers 304 without a body when the browser already has that answer', async () => {
    const first = await fetch(`${server.url}${search}`);
    const etag = first.headers.get('etag') ?? '';
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await revalidate(etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-total-count']).toBe(first.headers.get('x-total-count'));
    expect((await revalidate('"other"')).status).toBe(200);
  });

  it('shows a booking and an admin change at once, and a lapsed hold within the answer period', async () => {
    const before = await seatsLeft();
    const created = await book(people.owner, flight, ['F4']);
    expect(await seatsLeft()).toBe((before ?? 0) - 1);
    expect((await people.admin.put(`/api/flights/${flight._id}`, { price: flight.price + 10 })).status).toBe(200);
    const repriced = (await client(server.url).get<Flight[]>(search)).body.find((f) => f._id === flight._id);
    expect(repriced?.price).toBe(flight.price + 10);
    // No write happens when a hold lapses: the answer period of the server's clock brings the seat back.
    server.setNow(new Date(Date.parse(created.instructions.deadlineAt) + ANSWER_TTL_MS));
    expect(await seatsLeft()).toBe(before);
  });

  it('keeps a route’s answer through a booking on another route, and renews it with one on the route', async () => {
    const day = flight.departureTime.slice(0, 10);
    const stamp = async () => sourceStamp(server.ctx, await searchScope(server.ctx, { origin: 'ACC', destination: 'LOS', departureTime: day }));
    const before = await stamp();
    await book(people.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['F3']);
    expect(await stamp()).toBe(before);
    await book(people.owner, await upcomingFlight(server.url, 'ACC', 'LOS', 9), ['F2']);
    expect(await stamp()).not.toBe(before);
    const any = async () => sourceStamp(server.ctx, await searchScope(server.ctx, { departureTime: day }));
    const global = await any();
    await book(people.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['F4']);
    expect(await any()).not.toBe(global);
  });
});
