import { get, type IncomingHttpHeaders } from 'node:http';
import Database from 'better-sqlite3';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FlightSearchQuerySchema, type Flight } from '../../sync/schemas/flight';
import { eq, sql } from 'drizzle-orm';
import { immediate } from '../db/client';
import { flights } from '../db/schema';
import { ANSWER_TTL_MS } from '../kept-answer';
import type { CatalogueFeed } from '../db/catalogue-writes';
import { SearchAnswers, sourceStamp, type SearchAnswer } from '../services/catalogue/search-answers';
import { searchScope } from '../services/catalogue/flight-reads';
import { actors, book, upcomingFlight, type Actors } from './booking-fixtures';
import { sqliteOf } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';
import { statementsRun } from './statements-run';

describe('GET /api/flights answers from memory per search and what it was read from', () => {
  let server: TestServer;
  let people: Actors;
  let flight: Flight;
  let search: string;

  /** A GET with exactly these headers, its body undecoded (fetch would add Cache-Control: no-cache to a conditional one and decode the body). */
  function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; headers: IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      }).on('error', reject);
    });
  }

  /** A conditional GET as a browser's cache sends it. */
  const revalidate = (etag: string) => rawGet(search, { 'if-none-match': etag });

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
    expect(again.body.length).toBe(0);
    expect(again.headers['x-total-count']).toBe(first.headers.get('x-total-count'));
    expect((await revalidate('"other"')).status).toBe(200);
  });

  it('parses a search asked again once, refuses a bad one every time, and keeps no long query string', async () => {
    const parse = vi.spyOn(FlightSearchQuerySchema, 'safeParse');
    try {
      const asked = `${search}&limit=7`;
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}${asked}`)).status).toBe(200);
      expect(parse).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}${asked}&departureTime=soon`)).status).toBe(400);
      expect(parse).toHaveBeenCalledTimes(3);
      // A query string padded with a parameter the search does not know is answered, but not kept.
      const padded = `${asked}&pad=${'x'.repeat(600)}`;
      for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}${padded}`)).status).toBe(200);
      expect(parse).toHaveBeenCalledTimes(5);
    } finally {
      parse.mockRestore();
    }
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
    const stamp = async () =>
      (await sourceStamp(server.ctx, await searchScope(server.ctx.db, { origin: 'ACC', destination: 'LOS', departureTime: day }))).stamp;
    const before = await stamp();
    await book(people.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['F3']);
    expect(await stamp()).toBe(before);
    await book(people.owner, await upcomingFlight(server.url, 'ACC', 'LOS', 9), ['F2']);
    expect(await stamp()).not.toBe(before);
    const any = async () => (await sourceStamp(server.ctx, await searchScope(server.ctx.db, { departureTime: day }))).stamp;
    const global = await any();
    await book(people.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['F4']);
    expect(await any()).not.toBe(global);
  });

  it('answers a route search again from memory through writes elsewhere, and in one read after a booking on its route and day', async () => {
    const query = { origin: 'ACC', destination: 'LOS', departureTime: flight.departureTime.slice(0, 10) };
    const page = { page: 1, limit: 100 };
    const first = await server.ctx.searches.answer(query, page);
    const again = async () => {
      let answer: SearchAnswer | undefined;
      const statements = await statementsRun(sqliteOf(server.ctx), async () => (answer = await server.ctx.searches.answer(query, page)));
      return { statements, answer };
    };
    expect(await again()).toEqual({ statements: 0, answer: first });
    // A booking on another route, and one on this route another day: the stamp stands, no statement runs.
    await book(people.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['E1']);
    await book(people.owner, await upcomingFlight(server.url, 'ACC', 'LOS', 10), ['E1']);
    const elsewhere = await again();
    expect(elsewhere.statements).toBe(0);
    expect(elsewhere.answer).toBe(first);
    // One on this route and day: the stamp is read again (its airports come from memory), and the answer shows it.
    await book(people.owner, await upcomingFlight(server.url, 'ACC', 'LOS', 9), ['E2']);
    const booked = await again();
    expect(booked.statements).toBeGreaterThanOrEqual(1);
    expect(booked.answer?.etag).not.toBe(first.etag);
  });

  it('reads a search asked many times at once once, unless the catalogue was written after that read began', async () => {
    const query = { origin: 'ACC', destination: 'LOS', departureTime: flight.departureTime.slice(0, 10) };
    const page = { page: 1, limit: 100 };
    const onRoute = async (seat: string) => book(people.owner, await upcomingFlight(server.url, 'ACC', 'LOS', 9), [seat]);
    await onRoute('A4');
    const alone = await statementsRun(sqliteOf(server.ctx), () => server.ctx.searches.answer(query, page));
    await onRoute('B4');
    let answers: SearchAnswer[] = [];
    const many = await statementsRun(sqliteOf(server.ctx), async () => {
      answers = await Promise.all(Array.from({ length: 10 }, () => server.ctx.searches.answer(query, page)));
    });
    expect(alone).toBeGreaterThanOrEqual(1);
    expect(many).toBe(alone);
    expect(new Set(answers).size).toBe(1);
    // A price written after the first read began: the search asked after it does not share that read, and shows the price.
    await onRoute('C4');
    const sqlite = sqliteOf(server.ctx);
    const price = () => sqlite.prepare('select price_cents as cents from flights where id = ?').get(flight._id) as { cents: number };
    const setPrice = sqlite.transaction((cents: number) => sqlite.prepare('update flights set price_cents = ? where id = ?').run(cents, flight._id));
    const before = price().cents;
    const stamps = vi.spyOn(server.ctx.metrics, 'searchStamp');
    try {
      const first = server.ctx.searches.answer(query, page);
      setPrice(before + 100);
      const second = server.ctx.searches.answer(query, page);
      await first;
      const priceIn = (answer: SearchAnswer) => (JSON.parse(answer.bytes.toString()) as Flight[]).find((f) => f._id === flight._id)?.price;
      expect(priceIn(await second)).toBe(before / 100 + 1);
      expect(stamps.mock.calls).toEqual([['database'], ['database']]);
    } finally {
      stamps.mockRestore();
      setPrice(before);
    }
  });

  it('follows only the change feed it is given: kept while the feed tells of no write, read every time while it hears none', async () => {
    const other = await upcomingFlight(server.url, 'ACC', 'LOS', 10);
    const query = { origin: 'ACC', destination: 'LOS', departureTime: other.departureTime.slice(0, 10) };
    const page = { page: 1, limit: 100 };
    const feed = (heard: boolean): CatalogueFeed => ({
      mark: () => (heard ? 0 : undefined),
      hearsEveryProcess: () => heard,
      routeWrittenSince: () => !heard,
      writtenSince: () => !heard,
    });
    const deaf = new SearchAnswers({ ...server.ctx, catalogue: feed(false) });
    const still = new SearchAnswers({ ...server.ctx, catalogue: feed(true) });
    const statements = (searches: SearchAnswers) => statementsRun(sqliteOf(server.ctx), () => searches.answer(query, page));
    const first = await still.answer(query, page);
    await deaf.answer(query, page);
    await book(people.owner, other, ['E3']);
    expect(await statements(still)).toBe(0);
    expect(await still.answer(query, page)).toBe(first);
    expect(await statements(deaf)).toBeGreaterThan(0);
    expect((await deaf.answer(query, page)).etag).not.toBe(first.etag);
  });

  it('counts a flight written inside a transaction as written again when it rolls back', async () => {
    const feed = server.ctx.database.catalogue;
    const day = flight.departureTime.slice(0, 10);
    const before = feed.mark() ?? 0;
    let inside = 0;
    await expect(
      immediate(server.ctx.db, async (tx) => {
        await tx
          .update(flights)
          .set({ version: sql`${flights.version}` })
          .where(eq(flights.id, flight._id));
        inside = feed.mark() ?? 0;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(feed.routeWrittenSince(before, flight.origin._id, flight.destination._id, day)).toBe(true);
    // A stamp read inside the transaction, after its write, saw rows that were then rolled back: it does not stand.
    expect(feed.routeWrittenSince(inside, flight.origin._id, flight.destination._id, day)).toBe(true);
    expect(feed.routeWrittenSince(feed.mark() ?? 0, flight.origin._id, flight.destination._id, day)).toBe(false);
  });

  it('renews the searches it keeps spread over the answer period, and keeps an answer that reads the same', async () => {
    const page = { page: 1, limit: 100 };
    const day = (offset: number) => new Date(Date.parse(flight.departureTime) + offset * 86_400_000).toISOString().slice(0, 10);
    const queries = Array.from({ length: 20 }, (_, i) => ({ origin: 'ACC', destination: 'LOS', departureTime: day(i + 11) }));
    const first = await Promise.all(queries.map((query) => server.ctx.searches.answer(query, page)));
    // Half a period later, some searches have begun a new period of their own and others have not.
    server.setNow(new Date(server.ctx.now().getTime() + ANSWER_TTL_MS / 2));
    const renewed = [];
    for (const query of queries) renewed.push((await statementsRun(sqliteOf(server.ctx), () => server.ctx.searches.answer(query, page))) > 0);
    expect(renewed.filter(Boolean).length).toBeGreaterThan(0);
    expect(renewed.filter(Boolean).length).toBeLessThan(queries.length);
    // A whole period later every search has read its answer again; with nothing written, each is the one it had.
    server.setNow(new Date(server.ctx.now().getTime() + ANSWER_TTL_MS));
    for (const [i, query] of queries.entries()) {
      let again: SearchAnswer | undefined;
      expect(await statementsRun(sqliteOf(server.ctx), async () => (again = await server.ctx.searches.answer(query, page)))).toBeGreaterThan(0);
      expect(again).toBe(first[i]);
    }
  });

  it('shows a change another process wrote to the database file within the answer period', async () => {
    const route = `/api/flights?origin=ACC&destination=LOS&departureTime=${flight.departureTime.slice(0, 10)}`;
    const price = async () => (await client(server.url).get<Flight[]>(route)).body.find((f) => f._id === flight._id)?.price;
    const before = await price();
    const other = new Database(sqliteOf(server.ctx).name);
    try {
      other.prepare('update flights set price_cents = price_cents + 500, version = version + 1000000 where id = ?').run(flight._id);
    } finally {
      other.close();
    }
    server.setNow(new Date(server.ctx.now().getTime() + ANSWER_TTL_MS));
    expect(await price()).toBe((before ?? 0) + 5);
  });

  it('follows a renamed airport at once, though a route search takes its airports from memory', async () => {
    const day = flight.departureTime.slice(0, 10);
    const route = (from: string) => `/api/flights?origin=${from}&destination=LOS&departureTime=${day}`;
    const found = async (from: string) => (await client(server.url).get<Flight[]>(route(from))).body.length;
    expect(await found('ACC')).toBeGreaterThan(0);
    const acc = flight.origin;
    expect((await people.admin.put('/api/airports', { id: acc._id, code: 'ACX' })).status).toBe(200);
    try {
      expect(await found('ACC')).toBe(0);
      expect(await found('ACX')).toBeGreaterThan(0);
    } finally {
      expect((await people.admin.put('/api/airports', { id: acc._id, code: 'ACC' })).status).toBe(200);
    }
    expect(await found('ACC')).toBeGreaterThan(0);
  });

  it('sends an answer of 1 KB or more brotli- or gzip-encoded to a browser that takes it, and as it is otherwise', async () => {
    const wide = `/api/flights?departureTime=${flight.departureTime.slice(0, 10)}`;
    const plain = await fetch(`${server.url}${wide}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    expect(text.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    const raw = (encoding: string) => rawGet(wide, { 'accept-encoding': encoding });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['etag']).toBe(plain.headers.get('etag'));
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(text);
    // The fast path keeps every security header and the request id of the rest of the API.
    for (const header of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-request-id'])
      expect(gzip.headers[header]).toBeTruthy();
    const small = await raw('br');
    const tiny = await fetch(`${server.url}/api/flights?origin=ACC&destination=LOS&departureTime=2031-01-01`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBe('br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.json()).toEqual([]);
  });
});
