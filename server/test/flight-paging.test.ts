import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { expectInvalid } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

describe('GET /api/flights with page and limit', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let all: Flight[];

  /** Every page of a search, 100 at a time, until the count is reached. */
  async function everyPage(query: string): Promise<Flight[]> {
    const found: Flight[] = [];
    for (let page = 1; ; page += 1) {
      const res = await api.get<Flight[]>(`/api/flights?${query}&page=${page}&limit=100`);
      found.push(...res.body);
      if (!res.body.length || found.length >= Number(res.headers.get('x-total-count'))) return found;
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    api = client(server.url);
    all = await everyPage('');
  });
  afterAll(() => server.stop());

  it('without paging answers the first page of 100 and the count of all, never the whole catalogue', async () => {
    const res = await api.get<Flight[]>('/api/flights');
    expect(res.status).toBe(200);
    expect(all.length).toBeGreaterThan(1000);
    expect(res.headers.get('x-total-count')).toBe(String(all.length));
    expect(res.body).toEqual(all.slice(0, 100));
  });

  /** The page holds the flights of that slice of the unpaged list, as the unpaged list shows them. */
  function expectSlice(page: Flight[], from: number, to: number): void {
    const byId = new Map(all.map((f) => [f._id, f]));
    expect(page.map((f) => f.departureTime)).toEqual(all.slice(from, to).map((f) => f.departureTime));
    for (const flight of page) expect(flight).toEqual(byId.get(flight._id));
  }

  it('answers the pages of the same list in the same order, with X-Total-Count', async () => {
    const first = await api.get<Flight[]>('/api/flights?page=1&limit=5');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(all.length));
    expectSlice(first.body, 0, 5);
    expectSlice((await api.get<Flight[]>('/api/flights?page=3&limit=7')).body, 14, 21);
    const pages = await Promise.all([1, 2, 3, 4].map(async (page) => (await api.get<Flight[]>(`/api/flights?page=${page}&limit=5`)).body));
    expect(new Set(pages.flat().map((f) => f._id)).size).toBe(20);
    const lastPage = Math.ceil(all.length / 100);
    const tail = await api.get<Flight[]>(`/api/flights?page=${lastPage}&limit=100`);
    expect(tail.body).toHaveLength(all.length - (lastPage - 1) * 100);
    const beyond = await api.get<Flight[]>(`/api/flights?page=${lastPage + 1}&limit=100`);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe(String(all.length));
  });

  it('a limit alone means page 1, a page alone means 100 a page', async () => {
    expectSlice((await api.get<Flight[]>('/api/flights?limit=3')).body, 0, 3);
    expectSlice((await api.get<Flight[]>('/api/flights?page=2')).body, 100, 200);
  });

  it('pages a search by flight number and counts only the matches', async () => {
    const number = all[0]?.flightNumber ?? '';
    const matches = all.filter((f) => f.flightNumber.includes(number));
    const res = await api.get<Flight[]>(`/api/flights?search=${number}&page=1&limit=5`);
    expect(res.headers.get('x-total-count')).toBe(String(matches.length));
    expect(res.body.map((f) => f.departureTime)).toEqual(matches.slice(0, 5).map((f) => f.departureTime));
    expect(res.body.every((f) => f.flightNumber.includes(number))).toBe(true);
    const none = await api.get<Flight[]>('/api/flights?search=ZZ9999&page=1&limit=5');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('pages a route search and an unknown airport answers an empty page', async () => {
    const route = await everyPage('origin=LOS&destination=LHR');
    const res = await api.get<Flight[]>('/api/flights?origin=LOS&destination=LHR&page=2&limit=2');
    expect(res.headers.get('x-total-count')).toBe(String(route.length));
    expect(res.body.map((f) => f.departureTime)).toEqual(route.slice(2, 4).map((f) => f.departureTime));
    const unknown = await api.get<Flight[]>('/api/flights?origin=ZZZ&page=1');
    expect(unknown.body).toEqual([]);
    expect(unknown.headers.get('x-total-count')).toBe('0');
  });

  it('refuses a bad page or limit', async () => {
    for (const query of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=101', 'limit=2.5']) {
      expect((await api.get(`/api/flights?${query}`)).status, query).toBe(400);
    }
    expectInvalid(await api.get('/api/flights?limit=500'), 'limit must be 1 to 100');
    expectInvalid(await api.get('/api/flights?page=0'), 'page must be a whole number from 1');
  });
});
